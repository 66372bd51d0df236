import { sql } from 'kysely';
import { safeMigrate, validateDocument, type DocumentKind, type DocumentOf } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { inTransaction } from '../ledger/index.ts';
import { DocumentInvalidError, VersionConflictError, VersionNotFoundError } from './errors.ts';
import type { ConflictResolution, DocumentVariant } from './kinds.ts';
import { getDocument, latestVersion, storedVersion, toVersionInfo, VERSION_COLUMNS, type VersionInfo } from './read.ts';

export interface SavedVersion<K extends DocumentKind = DocumentKind> extends VersionInfo {
  kind: K;
  document: DocumentOf<K>;
}

interface Append<K extends DocumentKind> {
  storeId: number;
  kind: K;
  /** the line of versions saved to: A (default) or the surface's variant B */
  variant?: DocumentVariant | undefined;
  /** the version the caller opened (0 when nothing was saved yet) */
  baseVersion: number;
  document: DocumentOf<K>;
  userId: number | null;
  /** the version a restore copies, of `restoredFromVariant` when that is another variant */
  restoredFrom?: number | null;
  restoredFromVariant?: DocumentVariant | undefined;
  /** how this save resolves a conflict with `baseVersion`, saved by someone else meanwhile */
  conflict?: ConflictResolution | null | undefined;
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const firstError = (errors: Record<string, string>) => Object.entries(errors)[0] ?? ['_root', 'This document is not valid'];

/**
 * Appends version `baseVersion + 1`, but only while `baseVersion` is still the latest: the insert
 * is conditional on the latest version, and the unique (store_id, kind, version) key makes the
 * loser of two concurrent saves on the same base fail instead of overwriting. Either way the
 * caller gets a VersionConflictError naming the current version, and nothing is stored.
 */
export async function appendVersion<K extends DocumentKind>(db: Db, input: Append<K>): Promise<SavedVersion<K>> {
  const { storeId, kind, baseVersion, document, userId } = input;
  const variant = input.variant ?? 'a';
  const restoredFromVariant = input.restoredFromVariant && input.restoredFromVariant !== variant ? input.restoredFromVariant : null;
  if (input.conflict && baseVersion === 0)
    throw new DocumentInvalidError('conflict: a conflict is resolved on top of the draft saved meanwhile', { conflict: 'Only with a base_version.' });
  let inserted: Parameters<typeof toVersionInfo>[0] | undefined;
  try {
    inserted = await inTransaction(db, async (trx) => {
      const { rows } = await sql<Parameters<typeof toVersionInfo>[0]>`
        insert into settings_documents (store_id, kind, variant, version, document, status, based_on_version, created_by, restored_from, restored_from_variant, conflict)
        select ${storeId}::bigint, ${kind}::text, ${variant}::text, ${baseVersion + 1}::integer, ${json(document)}::jsonb, 'draft',
               ${baseVersion > 0 ? baseVersion : null}::integer, ${userId}::bigint, ${input.restoredFrom ?? null}::integer,
               ${restoredFromVariant}::text, ${input.conflict ?? null}::text
        where (select coalesce(max(version), 0) from settings_documents
                where store_id = ${storeId}::bigint and kind = ${kind}::text and variant = ${variant}::text) = ${baseVersion}::integer
        returning version, status, based_on_version, restored_from, restored_from_variant, conflict, created_at, published_at, created_by`.execute(trx);
      return rows[0];
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (!inserted) throw new VersionConflictError(await latestVersion(db, storeId, kind, variant), baseVersion);
  const name = userId === null ? null : await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return { kind, ...toVersionInfo({ ...inserted, created_by_name: name?.name ?? null }), document };
}

/** Saves that take the latest version's place between the look-up and the insert, before one goes on top. */
const LATEST_ATTEMPTS = 5;

/**
 * Appends on top of whatever version is latest (there is no base to be stale): when another save
 * takes the next version first — two calls at once, on any database — the latest is read again.
 */
async function appendOnLatest<K extends DocumentKind>(db: Db, input: Omit<Append<K>, 'baseVersion'>): Promise<SavedVersion<K>> {
  for (let attempt = 1; ; attempt += 1) {
    const baseVersion = await latestVersion(db, input.storeId, input.kind, input.variant ?? 'a');
    try {
      return await appendVersion(db, { ...input, baseVersion });
    } catch (error) {
      if (!(error instanceof VersionConflictError) || attempt === LATEST_ATTEMPTS) throw error;
    }
  }
}

/** Validates `document` as a current `kind` document; throws DocumentInvalidError with path → message errors. */
function validOrThrow<K extends DocumentKind>(kind: K, document: unknown): DocumentOf<K> {
  const result = validateDocument(kind, document);
  if (result.ok) return result.value;
  const [path, message] = firstError(result.errors);
  throw new DocumentInvalidError(`${path}: ${message}`, result.errors);
}

export interface SaveDraft {
  storeId: number;
  kind: DocumentKind;
  variant?: DocumentVariant | undefined;
  baseVersion: number;
  document: unknown;
  userId: number | null;
  conflict?: ConflictResolution | null | undefined;
}

/** Save a draft: validated, stored as the next version; a stale base gets a VersionConflictError. */
export async function saveDraft<K extends DocumentKind>(db: Db, input: SaveDraft & { kind: K }): Promise<SavedVersion<K>> {
  const document = validOrThrow(input.kind, input.document);
  return appendVersion(db, { ...input, document });
}

/** Save a draft on top of whatever version is latest: validated like any save, never stale. */
export async function saveDraftOnLatest<K extends DocumentKind>(
  db: Db,
  input: Omit<SaveDraft, 'baseVersion' | 'conflict'> & { kind: K },
): Promise<SavedVersion<K>> {
  const document = validOrThrow(input.kind, input.document);
  return appendOnLatest(db, { ...input, document });
}

/**
 * Save a draft made from the current one: `change` receives the current draft (or the default)
 * and returns the new document, which is validated like any save. The spec's partial calls
 * (theme, launcher properties, custom style) go through here.
 */
export async function changeDraft<K extends DocumentKind>(
  db: Db,
  input: Omit<SaveDraft, 'document'> & { kind: K },
  change: (current: DocumentOf<K>) => unknown,
): Promise<SavedVersion<K>> {
  const current = await getDocument(db, input.storeId, input.kind, input.variant);
  return saveDraft(db, { ...input, document: change(current.document) });
}

/** A stored version, migrated to the current schema; 404 when missing, 422 when unreadable. */
export async function readableVersion<K extends DocumentKind>(db: Db, storeId: number, kind: K, version: number, variant: DocumentVariant = 'a') {
  const row = await storedVersion(db, storeId, kind, version, variant);
  if (!row) throw new VersionNotFoundError(version);
  const result = safeMigrate(row.document, kind);
  if (!result.ok) throw new DocumentInvalidError(`Version ${version} cannot be used: ${result.message}`, result.errors);
  return { row, document: result.value as DocumentOf<K> };
}

export interface VersionAction<K extends DocumentKind> {
  storeId: number;
  kind: K;
  version: number;
  userId: number | null;
}

/**
 * Make `version` the published one. The rows of this store and kind are locked for the
 * transaction (the caller's, when `db` is one), so concurrent publishes run one after the other;
 * a partial unique index keeps at most one published version per store and kind.
 */
export async function publishVersion<K extends DocumentKind>(db: Db, input: VersionAction<K> & { now?: Date }): Promise<VersionInfo> {
  const { storeId, kind, version, userId } = input;
  const row = await inTransaction(db, async (trx) => {
    await trx
      .selectFrom('settings_documents')
      .select('id')
      .where('store_id', '=', storeId)
      .where('kind', '=', kind)
      .where('variant', '=', 'a')
      .forUpdate()
      .execute();
    const { row: target } = await readableVersion(trx, storeId, kind, version);
    if (target.status !== 'published') {
      await unpublishKind(trx, storeId, kind);
      await trx
        .updateTable('settings_documents')
        .set({ status: 'published', published_at: input.now ?? new Date(), published_by: userId })
        .where('id', '=', target.id)
        .execute();
    }
    return trx
      .selectFrom('settings_documents')
      .leftJoin('users', 'users.id', 'settings_documents.created_by')
      .select(VERSION_COLUMNS)
      .where('settings_documents.id', '=', target.id)
      .executeTakeFirstOrThrow();
  });
  return toVersionInfo(row);
}

/**
 * Restore: a new draft (the next version of `variant`) with the document of `version` of `from`
 * (by default the same variant), migrated to the current schema. With `baseVersion` the restore
 * is refused when someone saved since; without it, it goes on top of whatever is latest.
 */
export async function restoreVersion<K extends DocumentKind>(
  db: Db,
  input: VersionAction<K> & { baseVersion?: number | undefined; variant?: DocumentVariant | undefined; from?: DocumentVariant | undefined },
): Promise<SavedVersion<K>> {
  const { storeId, kind } = input;
  const variant = input.variant ?? 'a';
  const from = input.from ?? variant;
  const { document } = await readableVersion(db, storeId, kind, input.version, from);
  const restored = { storeId, kind, variant, document, userId: input.userId, restoredFrom: input.version, restoredFromVariant: from };
  return input.baseVersion === undefined ? appendOnLatest(db, restored) : appendVersion(db, { ...restored, baseVersion: input.baseVersion });
}

/** Save `document` and publish it at once (seed, imports): refused like any save when `baseVersion` is stale. */
export async function saveAndPublish<K extends DocumentKind>(db: Db, input: SaveDraft & { kind: K }): Promise<SavedVersion<K>> {
  const saved = await saveDraft(db, input);
  const published = await publishVersion(db, { storeId: input.storeId, kind: input.kind, version: saved.version, userId: input.userId });
  return { ...saved, ...published };
}

/** Take `kind` off the storefront: no version is published, shoppers see the preset default. */
export async function unpublishKind(db: Db, storeId: number, kind: DocumentKind): Promise<void> {
  await db
    .updateTable('settings_documents')
    .set({ status: 'draft' })
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .execute();
}
