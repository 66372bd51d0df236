/** Sticky bar with its drawer (spec §3): the bar's look and text, the drawer's texts per audience. */
import { z } from 'zod';
import { TEXT_LIMITS, integer, oneOf, schemaVersionSchema, text, urlSchema } from './primitives.ts';
import { themeNameSchema } from './theme.ts';
import { translationsSchema } from './translations.ts';

export const BAR_PLACEMENTS = ['top', 'bottom'] as const;

/**
 * Where the drawer's join button sends a visitor when the document names no address: the usual
 * sign-up page of a store (the presets' `STORE_LINKS.signUp`, which a presets test keeps equal).
 */
export const DEFAULT_DRAWER_SIGN_UP_URL = '/account/register';

export const drawerTextsSchema = z.strictObject({
  primary_text: text(TEXT_LIMITS.title),
  secondary_text: text(TEXT_LIMITS.subtitle),
});
export type DrawerTexts = z.infer<typeof drawerTextsSchema>;

export const stickyBarSchema = z.strictObject({
  kind: z.literal('sticky_bar', { error: 'Expected kind "sticky_bar"' }),
  schemaVersion: schemaVersionSchema,
  bar: z.strictObject({
    placement: oneOf(BAR_PLACEMENTS),
    /** px */
    height: integer(32, 120),
    theme: themeNameSchema,
    text: text(TEXT_LIMITS.title),
    /**
     * true: the bar lies over the page (nothing moves when it appears); otherwise (the default,
     * as announcement bars do) it reserves its height, so the store's header is never covered.
     * Optional, so documents saved before it stay valid and get the reserved space.
     */
    overlay: z.boolean().optional(),
  }),
  drawer: z.strictObject({
    logged_out: drawerTextsSchema,
    logged_in: drawerTextsSchema,
    /**
     * The sign-up page the drawer's join button (visitors only) links to. Optional, so documents
     * saved before it stay valid: without it the button leads to `DEFAULT_DRAWER_SIGN_UP_URL`.
     */
    sign_up_url: urlSchema.optional(),
  }),
  /** the texts in the store's other languages (see translations.ts) */
  translations: translationsSchema,
});
export type StickyBar = z.infer<typeof stickyBarSchema>;
