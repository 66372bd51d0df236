/**
 * Email template data (spec §3): `content` is the exported HTML, `json_content` the editor's
 * design JSON (Unlayer's format, kept as opaque JSON). The HTML is sent in e-mails, never
 * injected into the console or the storefront; it is only bounded in size here.
 */
import { z } from 'zod';
import { schemaVersionSchema } from './primitives.ts';

/** 2 MB of HTML; larger saves get the spec's 413 message from the server. */
const EMAIL_CONTENT_MAX_LENGTH = 2_000_000;

export const emailTemplateSchema = z.strictObject({
  kind: z.literal('email_template', { error: 'Expected kind "email_template"' }),
  schemaVersion: schemaVersionSchema,
  content: z
    .string({ error: 'Expected the template HTML as text' })
    .max(EMAIL_CONTENT_MAX_LENGTH, { error: 'The email template is too large to save. Please try reducing the content or images.' }),
  json_content: z.record(z.string(), z.json(), { error: 'Expected the editor design as a JSON object' }),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
