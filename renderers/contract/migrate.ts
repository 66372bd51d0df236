/**
 * Loading a saved document of any version: read its envelope (kind and version; v0 used `type`
 * and `version`), refuse a version newer than this build understands, run the up steps of its
 * kind in order, then validate the result against the current schema.
 */
import { type DocumentKind, type DocumentOf, type SettingsDocument, isDocumentKind, unknownKindMessage, validateDocument } from './documents.ts';
import type { FieldErrors } from './errors.ts';
import { type DocumentBody, MIGRATIONS, currentSchemaVersion } from './migrations.ts';

export class DocumentMigrationError extends Error {
  override readonly name = 'DocumentMigrationError';
  constructor(
    message: string,
    readonly errors: FieldErrors,
  ) {
    super(message);
  }
}

const tooNewMessage = (version: number, current: number) =>
  `This document was saved by a newer version of Loyalty Studio (schema ${version}); this version understands up to ${current}.`;

interface Envelope {
  kind: DocumentKind;
  version: number;
  body: DocumentBody;
}

function readEnvelope(doc: unknown): Envelope {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    const message = 'Expected a settings document (a JSON object)';
    throw new DocumentMigrationError(message, { _root: message });
  }
  const { kind, schemaVersion, type, version, ...body } = doc as Record<string, unknown>;
  const legacy = schemaVersion === undefined && version !== undefined;
  const readVersion = legacy ? version : schemaVersion;
  const readKind = legacy ? (kind ?? type) : kind;
  if (!legacy && type !== undefined) body.type = type;
  if (!legacy && version !== undefined) body.version = version;
  if (!isDocumentKind(readKind)) {
    const message = unknownKindMessage(readKind);
    throw new DocumentMigrationError(message, { kind: message });
  }
  if (typeof readVersion !== 'number' || !Number.isInteger(readVersion) || readVersion < 0) {
    const message = readVersion === undefined ? 'This document has no schemaVersion' : 'schemaVersion must be a whole number of 0 or more';
    throw new DocumentMigrationError(message, { schemaVersion: message });
  }
  const current = currentSchemaVersion(readKind);
  if (readVersion > current) {
    const message = tooNewMessage(readVersion, current);
    throw new DocumentMigrationError(message, { schemaVersion: message });
  }
  return { kind: readKind, version: readVersion, body };
}

/**
 * The document at the current schema version, validated. Throws `DocumentMigrationError` (with
 * path → message `errors`) when it is not a document, its kind is unknown, its version is too
 * new, or the upgraded document does not validate. `expectedKind` also refuses another kind.
 */
export function migrate<K extends DocumentKind>(doc: unknown, expectedKind: K): DocumentOf<K>;
export function migrate(doc: unknown, expectedKind?: DocumentKind): SettingsDocument;
export function migrate(doc: unknown, expectedKind?: DocumentKind): SettingsDocument {
  return upgrade(doc, expectedKind).value;
}

function upgrade(doc: unknown, expectedKind?: DocumentKind): { value: SettingsDocument; fromVersion: number } {
  const { kind, version, body: original } = readEnvelope(doc);
  if (expectedKind && kind !== expectedKind) {
    const message = `Expected a ${expectedKind} document, got ${kind}`;
    throw new DocumentMigrationError(message, { kind: message });
  }
  let body = original;
  for (const step of MIGRATIONS[kind]) if (step.version > version) body = step.up(body);
  const current = currentSchemaVersion(kind);
  const result = validateDocument(kind, { kind, schemaVersion: current, ...body });
  if (!result.ok) {
    const from = version < current ? ` (upgraded from schema ${version})` : '';
    throw new DocumentMigrationError(`This ${kind} document is not valid${from}`, result.errors);
  }
  return { value: result.value, fromVersion: version };
}

export type MigrateResult<T = SettingsDocument> = { ok: true; value: T; fromVersion: number } | { ok: false; message: string; errors: FieldErrors };

/** `migrate` without throwing. */
export function safeMigrate<K extends DocumentKind>(doc: unknown, expectedKind: K): MigrateResult<DocumentOf<K>>;
export function safeMigrate(doc: unknown, expectedKind?: DocumentKind): MigrateResult;
export function safeMigrate(doc: unknown, expectedKind?: DocumentKind): MigrateResult {
  try {
    return { ok: true, ...upgrade(doc, expectedKind) };
  } catch (error) {
    if (error instanceof DocumentMigrationError) return { ok: false, message: error.message, errors: error.errors };
    throw error;
  }
}
