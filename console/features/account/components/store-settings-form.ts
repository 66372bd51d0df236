import { z } from 'zod';
import { brandColourField, storeSettingsBody } from '../../../../server/contract/store.ts';

/**
 * The fields of the store settings card, validated with the server's own schema of POST /store/setting/update;
 * an empty brand colour is left unset (the store keeps the product's palette).
 */
export const storeSettingsSchema = storeSettingsBody
  .pick({ website: true, email_settings: true, default_language: true, languages: true })
  .extend({ primary_color: z.preprocess((value) => (value === '' ? undefined : value), brandColourField.optional()) });
export type StoreSettingsValues = z.input<typeof storeSettingsSchema>;
export type StoreSettingsOutput = z.output<typeof storeSettingsSchema>;

/** "Français (fr)": a language named in itself (Intl.DisplayNames), then its code; the code alone when unnamed. */
export function languageLabel(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (!name || name === tag) return tag;
    return `${name.charAt(0).toLocaleUpperCase(tag)}${name.slice(1)} (${tag})`;
  } catch {
    return tag;
  }
}
