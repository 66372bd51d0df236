import { sql } from 'kysely';
import { safeMigrate, validateDocument, type DocumentKind, type DocumentOf } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { inTransaction } from '../ledger/index.ts';
import { DocumentInvalidError, VersionConflictError, VersionNotFoundError } from './errors.ts';
import { getDocument, latestVersion, storedVersion, toVersionInfo, type VersionInfo } from './read.ts';

export interface SavedVersion<K extends DocumentKind = DocumentKind> extends VersionInfo {
  kind: K;
  document: DocumentOf<K>;
}

interface Append<K extends DocumentKind> {
  storeId: number;
  kind: K;
  /** the version the caller opened (0 when nothing was saved yet) */
  baseVersion: number;
  document: DocumentOf<K>;
  userId: number | null;
  restoredFrom?: number | null;
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
  let inserted: Parameters<typeof toVersionInfo>[0] | undefined;
  try {
    inserted = await inTransaction(db, async (trx) => {
      const { rows } = await sql<Parameters<typeof toVersionInfo>[0]>`
        insert into settings_documents (store_id, kind, version, document, status, based_on_version, created_by, restored_from)
        select ${storeId}::bigint, ${kind}::text, ${baseVersion + 1}::integer, ${json(document)}::jsonb, 'draft',
               ${baseVersion > 0 ? baseVersion : null}::integer, ${userId}::bigint, ${input.restoredFrom ?? null}::integer
        where (select coalesce(max(version), 0) from settings_documents where store_id = ${storeId}::bigint and kind = ${kind}::text) = ${baseVersion}::integer
        returning version, status, based_on_version, restored_from, created_at, published_at, created_by`.execute(trx);
      return rows[0];
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (!inserted) throw new VersionConflictError(await latestVersion(db, storeId, kind), baseVersion);
  const name = userId === null ? null : await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return { kind, ...toVersionInfo({ ...inserted, created_by_name: name?.name ?? null }), document };
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
  baseVersion: number;
  document: unknown;
  userId: number | null;
}

/** Save a draft: validated, stored as the next version; a stale base gets a VersionConflictError. */
export async function saveDraft<K extends DocumentKind>(db: Db, input: SaveDraft & { kind: K }): Promise<SavedVersion<K>> {
  const document = validOrThrow(input.kind, input.document);
  return appendVersion(db, { ...input, document });
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
  const current = await getDocument(db, input.storeId, input.kind);
  return saveDraft(db, { ...input, document: change(current.document) });
}

/** A stored version, migrated to the current schema; 404 when missing, 422 when unreadable. */
export async function readableVersion<K extends DocumentKind>(db: Db, storeId: number, kind: K, version: number) {
  const row = await storedVersion(db, storeId, kind, version);
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
    await trx.selectFrom('settings_documents').select('id').where('store_id', '=', storeId).where('kind', '=', kind).forUpdate().execute();
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
      .select([
        'settings_documents.version',
        'settings_documents.status',
        'settings_documents.based_on_version',
        'settings_documents.restored_from',
        'settings_documents.created_at',
        'settings_documents.published_at',
        'settings_documents.created_by',
        'users.name as created_by_name',
      ])
      .where('settings_documents.id', '=', target.id)
      .executeTakeFirstOrThrow();
  });
  return toVersionInfo(row);
}

/**
 * Restore: a new draft (the next version) with the document of `version`, migrated to the current
 * schema. With `baseVersion` the restore is refused when someone saved since; without it, it
 * goes on top of whatever is latest.
 */
export async function restoreVersion<K extends DocumentKind>(db: Db, input: VersionAction<K> & { baseVersion?: number | undefined }): Promise<SavedVersion<K>> {
  const { document } = await readableVersion(db, input.storeId, input.kind, input.version);
  const baseVersion = input.baseVersion ?? (await latestVersion(db, input.storeId, input.kind));
  return appendVersion(db, { storeId: input.storeId, kind: input.kind, baseVersion, document, userId: input.userId, restoredFrom: input.version });
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
