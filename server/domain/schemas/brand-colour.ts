import { z } from 'zod';

/** A store's brand colour as its settings keep it (`primary_color`): `#` and six hex digits. */
export const BRAND_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The brand colour field of the store settings, with the message a merchant reads. */
export const brandColourField = z.string('Enter a colour such as #6b3f1d.').regex(BRAND_COLOUR, 'Enter a colour as # and six hex digits, such as #6b3f1d.');
