import { z } from 'zod';
import { EMAIL_EDITORS, EMAIL_KEYS } from './kinds.ts';

const editor = z.enum(EMAIL_EDITORS, { message: `Unknown editor: use one of ${EMAIL_EDITORS.join(', ')}.` });
/** The built-in editor's document (validated by renderers/contract on the server) or Unlayer's design. */
const design = z.record(z.string(), z.unknown());
import { emailField } from '../../../domain/schemas/fields.ts';
import { isLanguageTag, LANGUAGE_TAG_MESSAGE, languageTagSchema } from '../../../../renderers/contract/index.ts';

/** The nine email keys (spec §2 routes) used as `{id}` by the template calls. */
export const emailKey = z.enum(EMAIL_KEYS, { message: `Unknown email: use one of ${EMAIL_KEYS.join(', ')}.` });
export const emailKeyParams = z.strictObject({ id: emailKey });

const text = (max: number, label: string) => z.string().trim().max(max, `${label} is at most ${max} characters.`);

const MAX_LANGUAGES = 30;

/** One language's texts of the simple form; a text left out is sent in the default language. */
const fieldTranslation = z.strictObject({
  subject: text(200, 'The subject').optional(),
  preheader: text(200, 'The preheader').optional(),
  heading: text(200, 'The heading').optional(),
  body: text(5000, 'The body').optional(),
  button_label: text(60, 'The button label').optional(),
});

/** `{ [language]: { subject, preheader, … } }`: the email in the store's other languages (as surface documents' `translations`). */
const fieldTranslations = z.record(z.string(), fieldTranslation).superRefine((table, ctx) => {
  const languages = Object.keys(table);
  if (languages.length > MAX_LANGUAGES) ctx.addIssue({ code: 'custom', message: `Keep to ${MAX_LANGUAGES} languages or fewer.` });
  for (const language of languages)
    if (!isLanguageTag(language)) ctx.addIssue({ code: 'custom', path: [language], message: `"${language.slice(0, 20)}": ${LANGUAGE_TAG_MESSAGE}.` });
});

/** The simple form of an email (subject, preheader, heading, body with placeholders, button), in the default language and others. */
export const emailFields = z.strictObject({
  subject: text(200, 'The subject').min(1, 'Enter a subject.'),
  preheader: text(200, 'The preheader'),
  heading: text(200, 'The heading'),
  body: text(5000, 'The body').min(1, 'Enter the email text.'),
  button_label: text(60, 'The button label'),
  button_url: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(2048)
      .regex(/^(https?:\/\/\S+|\{\{\s*[a-z_]+\s*\}\})$/i, 'Enter a link starting with https:// or a placeholder.'),
  ]),
  translations: fieldTranslations.optional(),
});

/**
 * POST /template/store/{id}: the simple form, the visual editor's design and exported HTML, or
 * the built-in editor's document (`editor: 'builder'`, `json_content` an email_document).
 */
export const templateSaveBody = z.strictObject({
  enabled: z.boolean().default(true),
  editor: editor.default('simple'),
  fields: emailFields,
  json_content: design.nullish(),
  content: z.string().nullish(),
});

export const emailTemplate = z.object({
  key: emailKey,
  name: z.string(),
  enabled: z.boolean(),
  editor,
  fields: emailFields,
  json_content: z.unknown(),
  content: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** the built-in editor's document: the saved one, or one made from the email's wording in the store's palette */
  document: z.record(z.string(), z.unknown()).optional(),
});
export type EmailTemplateRecord = z.infer<typeof emailTemplate>;

/** GET /template/tags: the merge tags each email may use. */
export const templateTag = z.object({ name: z.string(), label: z.string(), value: z.string() });
export const templateTags = z.object({ common: z.array(templateTag), by_email: z.record(z.string(), z.array(templateTag)) });

/** GET /platform/template: featured designs, each email's starter in a few looks. */
export const featuredTemplate = z.object({
  id: z.string(),
  name: z.string(),
  email: emailKey,
  accent: z.string(),
  background: z.string(),
  fields: emailFields,
});

/** POST /template/email: render an (unsaved) design to the HTML an inbox would get, with sample data or a real member's. */
export const templateRenderBody = z.strictObject({
  email: emailKey,
  fields: emailFields,
  content: z.string().nullish(),
  json_content: design.nullish(),
  editor: editor.default('simple'),
  /** preview as this member of the store (their name, balance…) instead of sample data */
  customer_id: z.number().int().positive().optional(),
  /** the language to preview in (the design's translation and the product's wording); the store's default when absent */
  language: languageTagSchema.optional(),
});
export const renderedTemplate = z.object({ subject: z.string(), html: z.string(), size_bytes: z.number(), errors: z.record(z.string(), z.string()) });

/** POST /template/test: send the current design, filled with a real member's data, to an address. */
export const templateTestBody = z.strictObject({
  email: emailKey,
  to: emailField,
  fields: emailFields.optional(),
  content: z.string().nullish(),
  json_content: design.nullish(),
  editor: editor.optional(),
  customer_id: z.number().int().positive().optional(),
  /** the language to send it in (one the store writes in); the store's default when absent */
  language: languageTagSchema.optional(),
});
export const templateTestResult = z.object({
  status: z.enum(['sent', 'queued']),
  to: z.string(),
  subject: z.string(),
  member: z.string().nullable(),
  /** the language it was sent in */
  language: z.string(),
});
