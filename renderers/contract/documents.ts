/** Every settings document by kind, and validation with path → message errors. */
import { z } from 'zod';
import { customStyleSchema } from './custom-style.ts';
import { emailDocumentSchema } from './email-document.ts';
import { emailTemplateSchema } from './email-template.ts';
import { type FieldErrors, formatZodError, friendlyErrorMap } from './errors.ts';
import { landingPageSchema } from './landing.ts';
import { launcherSchema } from './launcher.ts';
import { productPageSchema } from './product-page.ts';
import { stickyBarSchema } from './sticky-bar.ts';
import { widgetSchema } from './widget.ts';

export const documentSchemas = {
  landing_page: landingPageSchema,
  widget: widgetSchema,
  launcher: launcherSchema,
  sticky_bar: stickyBarSchema,
  product_page: productPageSchema,
  custom_style: customStyleSchema,
  email_template: emailTemplateSchema,
  email_document: emailDocumentSchema,
} as const;

export type DocumentKind = keyof typeof documentSchemas;
export const DOCUMENT_KINDS = Object.keys(documentSchemas) as DocumentKind[];
export type DocumentOf<K extends DocumentKind> = z.infer<(typeof documentSchemas)[K]>;
export type SettingsDocument = { [K in DocumentKind]: DocumentOf<K> }[DocumentKind];

/** Any settings document, dispatched on `kind`. */
export const settingsDocumentSchema = z.discriminatedUnion('kind', [
  landingPageSchema,
  widgetSchema,
  launcherSchema,
  stickyBarSchema,
  productPageSchema,
  customStyleSchema,
  emailTemplateSchema,
  emailDocumentSchema,
]);

export const isDocumentKind = (value: unknown): value is DocumentKind => typeof value === 'string' && Object.hasOwn(documentSchemas, value);

export const unknownKindMessage = (kind: unknown) =>
  kind === undefined
    ? `This document has no kind; expected one of: ${DOCUMENT_KINDS.join(', ')}`
    : `Unknown document kind ${JSON.stringify(kind)}; expected one of: ${DOCUMENT_KINDS.join(', ')}`;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Validates `input` as a current-version document of `kind`. */
export function validateDocument<K extends DocumentKind>(kind: K, input: unknown): ValidationResult<DocumentOf<K>> {
  if (!isDocumentKind(kind)) return { ok: false, errors: { kind: unknownKindMessage(kind) } };
  const schema = documentSchemas[kind] as unknown as z.ZodType<DocumentOf<K>>;
  const result = schema.safeParse(input, { error: friendlyErrorMap });
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: formatZodError(result.error) };
}
