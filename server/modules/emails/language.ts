/**
 * An email in its recipient's language: the member's kept language (`customers.locale`, from the
 * storefront or the platform) when the store writes in it, else the store's default. The design's
 * texts come from its translations (a text without one stays in the default language); the
 * product's own wording (the word for points, the footer) from the catalog of that language.
 */
import { localizeDocument, matchLanguage, type StoreLanguages } from '../../../renderers/contract/index.ts';
import type { EmailDesign } from './render.ts';
import { TRANSLATED_EMAIL_FIELDS, type EmailFields } from './starters.ts';

/** The simple form's texts in `language` (its translation's texts over the default ones); without its translations. */
export function fieldsInLanguage(fields: EmailFields, language: string): EmailFields {
  const { translations, ...own } = fields;
  const match = translations ? matchLanguage(language, Object.keys(translations)) : undefined;
  const table = match ? translations?.[match] : undefined;
  if (!table) return own;
  const translated = TRANSLATED_EMAIL_FIELDS.flatMap((field) => (table[field]?.trim() ? [[field, table[field]] as const] : []));
  return { ...own, ...Object.fromEntries(translated) };
}

/** The design in `language`: the form's fields and the built-in editor's document translated. */
export function designInLanguage(design: EmailDesign, language: string): EmailDesign {
  const fields = fieldsInLanguage(design.fields, language);
  return design.editor === 'builder' ? { ...design, fields, document: localizeDocument(design.document, language) } : { ...design, fields };
}

/** Why `language` cannot be used for the store's emails (it is not one the store writes in), or null when it can. */
export function foreignLanguageMessage(language: string, languages: StoreLanguages): string | null {
  const known = [languages.default, ...languages.others];
  if (known.includes(language)) return null;
  return `"${language}" is not one of the store's languages (${known.join(', ')}): add it under Languages in the store's settings first.`;
}
