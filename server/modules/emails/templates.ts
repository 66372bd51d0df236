import { emailDocumentTexts, safeMigrate, type EmailDocument, type StoreLanguages } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { EMAIL_EDITORS, EMAIL_KINDS, emailKind, type EmailEditor, type EmailKey } from './contract/kinds.ts';
import { unknownPlaceholderErrors } from './placeholders.ts';
import { sanitizeEmailHtml } from './sanitize.ts';
import { STARTERS, type EmailFields } from './starters.ts';
import type { EmailDesign } from './render.ts';
import { foreignLanguageMessage } from './language.ts';

/** One of the store's nine emails as the console edits it. */
export interface EmailTemplate {
  key: EmailKey;
  name: string;
  enabled: boolean;
  editor: EmailEditor;
  fields: EmailFields;
  json_content: unknown;
  content: string | null;
  /** null until the store first saves it (the starter is shown until then) */
  updated_at: string | null;
}

const isEditor = (value: string): value is EmailEditor => (EMAIL_EDITORS as readonly string[]).includes(value);

export interface TemplateChange {
  enabled: boolean;
  editor: EmailEditor;
  fields: EmailFields;
  json_content?: unknown;
  content?: string | null;
}

/** A design with placeholders the email does not know; `errors` maps fields to messages. */
export class TemplateInvalidError extends Error {
  override readonly name = 'TemplateInvalidError';
  constructor(readonly errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? 'The template is not valid.');
  }
}

function present(
  key: EmailKey,
  row?: { enabled: boolean; editor: string; fields: Partial<EmailFields>; json_content: unknown; content: string | null; updated_at: Date },
): EmailTemplate {
  const kind = emailKind(key);
  return {
    key,
    name: kind?.name ?? key,
    enabled: row?.enabled ?? true,
    editor: row && isEditor(row.editor) ? row.editor : 'simple',
    fields: { ...STARTERS[key], ...row?.fields },
    json_content: row?.json_content ?? null,
    content: row?.content ?? null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

const COLUMNS = ['email_key', 'enabled', 'editor', 'fields', 'json_content', 'content', 'updated_at'] as const;

/** The store's nine emails, in spec order, starters where never saved. */
export async function listTemplates(db: Db, storeId: number): Promise<EmailTemplate[]> {
  const rows = await db.selectFrom('email_templates').select(COLUMNS).where('store_id', '=', storeId).execute();
  return EMAIL_KINDS.map((kind) =>
    present(
      kind.key,
      rows.find((row) => row.email_key === kind.key),
    ),
  );
}

export async function readTemplate(db: Db, storeId: number, key: EmailKey): Promise<EmailTemplate> {
  const row = await db.selectFrom('email_templates').select(COLUMNS).where('store_id', '=', storeId).where('email_key', '=', key).executeTakeFirst();
  return present(key, row);
}

/** The built-in editor's document of a design, upgraded and validated; field errors under `json_content.` otherwise. */
export function emailDocumentOf(jsonContent: unknown): { ok: true; document: EmailDocument } | { ok: false; errors: Record<string, string> } {
  const result = safeMigrate(jsonContent, 'email_document');
  if (result.ok) return { ok: true, document: result.value };
  return { ok: false, errors: Object.fromEntries(Object.entries(result.errors).map(([path, message]) => [`json_content.${path}`, message])) };
}

/**
 * Placeholder errors of a design (form fields, exported HTML, the built-in editor's texts and
 * links), empty when it is valid: every `{{name}}` must be one this email knows.
 */
export function designErrors(
  key: EmailKey,
  change: Pick<TemplateChange, 'fields' | 'content' | 'json_content'> & { editor?: EmailEditor },
): Record<string, string> {
  const { translations, ...fields } = change.fields;
  const document = change.editor === 'builder' ? emailDocumentOf(change.json_content) : null;
  if (document && !document.ok) return document.errors;
  const documentTexts = document?.ok ? emailDocumentTexts(document.document) : {};
  // every language's texts: the default language's and each translation's
  const translated = Object.entries(translations ?? {}).flatMap(([language, table]) =>
    Object.entries(table).map(([field, text]) => [`fields.translations.${language}.${field}`, text] as const),
  );
  const documentTranslations = Object.entries((document?.ok && document.document.translations) || {}).flatMap(([language, table]) =>
    Object.entries(table).map(([path, text]) => [`json_content.translations.${language}.${path}`, text] as const),
  );
  return unknownPlaceholderErrors(key, {
    ...Object.fromEntries(Object.entries(fields).map(([field, text]) => [`fields.${field}`, text])),
    ...Object.fromEntries(translated),
    content: change.content ?? '',
    ...Object.fromEntries(Object.entries(documentTexts).map(([path, text]) => [`json_content.${path}`, text])),
    ...Object.fromEntries(documentTranslations),
  });
}

/** `translations`' languages, each with its field path below `path`. */
const languagesAt = (translations: unknown, path: string) =>
  translations && typeof translations === 'object' ? Object.keys(translations).map((language) => [language, `${path}.${language}`] as const) : [];

/** The languages an email has texts in besides the default (its form's and its built-in editor's document's), with their field paths. */
function translatedLanguages(template: Pick<TemplateChange, 'fields' | 'json_content'>): Map<string, string> {
  const document = template.json_content as { translations?: unknown } | null | undefined;
  return new Map([...languagesAt(document?.translations, 'json_content.translations'), ...languagesAt(template.fields.translations, 'fields.translations')]);
}

/**
 * Texts in a language the store does not write in are refused, by the field holding them; a
 * language the email already had is kept (the store may have dropped it since).
 */
function languageErrors(change: TemplateChange, languages: StoreLanguages, saved: EmailTemplate): Record<string, string> {
  const kept = translatedLanguages(saved);
  const errors: Record<string, string> = {};
  for (const [language, path] of translatedLanguages(change)) {
    const refusal = kept.has(language) ? null : foreignLanguageMessage(language, languages);
    if (refusal) errors[path] = refusal;
  }
  return errors;
}

/**
 * Saves one email: placeholders checked (TemplateInvalidError), exported HTML sanitised; with the
 * store's `languages`, texts in any other language are refused too.
 */
export async function saveTemplate(
  db: Db,
  storeId: number,
  userId: number,
  key: EmailKey,
  change: TemplateChange,
  now: Date,
  languages?: StoreLanguages,
): Promise<EmailTemplate> {
  // a code that is no language at all is said so by the design's own check
  const errors = { ...(languages && languageErrors(change, languages, await readTemplate(db, storeId, key))), ...designErrors(key, change) };
  // the built-in editor's subject and preheader are the email's
  const document = change.editor === 'builder' ? emailDocumentOf(change.json_content) : null;
  if (document?.ok)
    change = {
      ...change,
      json_content: document.document,
      fields: { ...change.fields, subject: document.document.subject, preheader: document.document.preheader },
    };
  if (Object.keys(errors).length > 0) throw new TemplateInvalidError(errors);
  const values = {
    enabled: change.enabled,
    editor: change.editor,
    fields: json(change.fields),
    json_content: change.json_content === undefined || change.json_content === null ? null : json(change.json_content),
    content: change.content ? sanitizeEmailHtml(change.content) : null,
    updated_at: now,
    updated_by: userId,
  };
  await db
    .insertInto('email_templates')
    .values({ store_id: storeId, email_key: key, ...values })
    .onConflict((conflict) => conflict.columns(['store_id', 'email_key']).doUpdateSet(values))
    .execute();
  return readTemplate(db, storeId, key);
}

/** The design a template renders: the built-in editor's document or the visual editor's HTML when it has one, else the form. */
export function designOf(template: Pick<EmailTemplate, 'editor' | 'fields' | 'content' | 'json_content'>): EmailDesign {
  if (template.editor === 'builder') {
    const document = emailDocumentOf(template.json_content);
    if (document.ok) return { editor: 'builder', fields: template.fields, document: document.document };
  }
  return template.editor === 'unlayer' && template.content
    ? { editor: 'unlayer', fields: template.fields, content: template.content }
    : { editor: 'simple', fields: template.fields };
}

/** Whether the store has switched this email off. */
export async function isEnabled(db: Db, storeId: number, key: EmailKey): Promise<boolean> {
  const row = await db.selectFrom('email_templates').select('enabled').where('store_id', '=', storeId).where('email_key', '=', key).executeTakeFirst();
  return row?.enabled ?? true;
}
