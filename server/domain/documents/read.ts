import { safeMigrate, type DocumentKind, type DocumentOf, type FieldErrors } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import type { DocumentStatus } from '../../db/schema.ts';
import { defaultDocument, STORED_KINDS, SURFACES, type ConflictResolution, type DocumentVariant } from './kinds.ts';
import { loadBrandColour } from '../../modules/stores/index.ts';

/** Why a stored version could not be read (a newer schema, or data that no longer validates). */
export interface DocumentProblem {
  message: string;
  errors: FieldErrors;
}

export interface VersionInfo {
  version: number;
  status: DocumentStatus;
  /** the version the save was based on (null for the first save) */
  based_on_version: number | null;
  /** set on drafts made by restoring an older version */
  restored_from: number | null;
  /** the variant `restored_from` belongs to when it is another one (B made from A, A published from B); null: the same */
  restored_from_variant: DocumentVariant | null;
  /** how this save resolved a conflict with the draft it is based on; null: no conflict */
  conflict: ConflictResolution | null;
  created_at: string;
  created_by: { id: number; name: string } | null;
  /** last time this version became the published one; null when it never was */
  published_at: string | null;
}

/** The current draft of one kind, as the builder opens it. */
export interface DocumentState<K extends DocumentKind = DocumentKind> {
  kind: K;
  /** the latest saved version, i.e. the current draft; 0 when the store has saved nothing */
  draft_version: number;
  /** the version shoppers see; null when nothing is published (shoppers see the preset default) */
  published_version: number | null;
  /** the draft differs from what shoppers see */
  has_unpublished_changes: boolean;
  /** `saved`: the draft version's document; `default`: the preset default (nothing saved, or unreadable) */
  source: 'saved' | 'default';
  document: DocumentOf<K>;
  /** set when the stored draft could not be read; `document` is then the preset default */
  problem: DocumentProblem | null;
}

export interface PublishedDocument<K extends DocumentKind = DocumentKind> {
  kind: K;
  /** null when nothing is published: `document` is the preset default */
  version: number | null;
  document: DocumentOf<K>;
  problem: DocumentProblem | null;
}

/** A stored document at the current schema version (migrated on read), or the default with the reason. */
async function readStored<K extends DocumentKind>(
  db: Db,
  storeId: number,
  kind: K,
  stored: unknown,
): Promise<{ document: DocumentOf<K>; problem: DocumentProblem | null }> {
  const result = safeMigrate(stored, kind);
  if (result.ok) return { document: result.value as DocumentOf<K>, problem: null };
  return { document: defaultDocument(kind, await loadBrandColour(db, storeId)), problem: { message: result.message, errors: result.errors } };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The latest version number of a kind's variant (0 when none). */
export async function latestVersion(db: Db, storeId: number, kind: DocumentKind, variant: DocumentVariant = 'a'): Promise<number> {
  const row = await db
    .selectFrom('settings_documents')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('variant', '=', variant)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** The stored (not yet migrated) document of one version, or undefined. */
export async function storedVersion(db: Db, storeId: number, kind: DocumentKind, version: number, variant: DocumentVariant = 'a') {
  return db
    .selectFrom('settings_documents')
    .select(['id', 'version', 'status', 'document'])
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('variant', '=', variant)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The current draft (latest version) of a variant with the published version number (variant B: never published). */
export async function getDocument<K extends DocumentKind>(db: Db, storeId: number, kind: K, variant: DocumentVariant = 'a'): Promise<DocumentState<K>> {
  const rows = await db
    .selectFrom('settings_documents')
    .select(['version', 'status', 'document'])
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('variant', '=', variant)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'published'),
        eb(
          'version',
          '=',
          eb
            .selectFrom('settings_documents as latest')
            .select((inner) => inner.fn.max('latest.version').as('v'))
            .where('latest.store_id', '=', storeId)
            .where('latest.kind', '=', kind)
            .where('latest.variant', '=', variant),
        ),
      ]),
    )
    .orderBy('version', 'desc')
    .execute();
  const draft = rows[0];
  const publishedVersion = rows.find((row) => row.status === 'published')?.version ?? null;
  if (!draft) {
    return {
      kind,
      draft_version: 0,
      published_version: null,
      has_unpublished_changes: false,
      source: 'default',
      document: defaultDocument(kind, await loadBrandColour(db, storeId)),
      problem: null,
    };
  }
  const { document, problem } = await readStored(db, storeId, kind, draft.document);
  return {
    kind,
    draft_version: draft.version,
    published_version: publishedVersion,
    has_unpublished_changes: draft.version !== publishedVersion,
    source: problem ? 'default' : 'saved',
    document,
    problem,
  };
}

/** What shoppers see of one kind: the published version, or the preset default. */
export async function loadPublishedDocument<K extends DocumentKind>(db: Db, storeId: number, kind: K): Promise<PublishedDocument<K>> {
  const row = await db
    .selectFrom('settings_documents')
    .select(['version', 'document'])
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!row) return { kind, version: null, document: defaultDocument(kind, await loadBrandColour(db, storeId)), problem: null };
  return { kind, version: row.version, ...(await readStored(db, storeId, kind, row.document)) };
}

export type PublishedDocuments = { [K in DocumentKind]: DocumentOf<K> };

/**
 * Every kind's published document (migrated to the current schema), or the preset default where
 * the store has published nothing or the published version cannot be read. One query.
 */
export async function loadPublishedDocuments(db: Db, storeId: number): Promise<PublishedDocuments> {
  const rows = await db
    .selectFrom('settings_documents')
    .select(['kind', 'document'])
    .where('store_id', '=', storeId)
    .where('status', '=', 'published')
    .execute();
  return documentsOf(db, storeId, rows);
}

/** Every kind's current draft (its latest version), as a store's preview link shows them; the default where nothing was saved. */
export async function loadDraftDocuments(db: Db, storeId: number): Promise<PublishedDocuments> {
  const rows = await db
    .selectFrom('settings_documents')
    .distinctOn('kind')
    .select(['kind', 'document'])
    .where('store_id', '=', storeId)
    .where('variant', '=', 'a')
    .orderBy('kind')
    .orderBy('version', 'desc')
    .execute();
  return documentsOf(db, storeId, rows);
}

/** The stored documents, the store's defaults (in its brand colour: read only when one is needed) for the others. */
async function documentsOf(db: Db, storeId: number, rows: { kind: string; document: unknown }[]): Promise<PublishedDocuments> {
  const stored = new Map(rows.map((row) => [row.kind, row.document]));
  const readable = new Map(STORED_KINDS.flatMap((kind) => (stored.has(kind) ? [[kind, safeMigrate(stored.get(kind), kind)] as const] : [])));
  const complete = STORED_KINDS.every((kind) => readable.get(kind)?.ok);
  const brand = complete ? undefined : await loadBrandColour(db, storeId);
  const entries = STORED_KINDS.map((kind) => {
    const result = readable.get(kind);
    return [kind, result?.ok ? result.value : defaultDocument(kind, brand)];
  });
  return Object.fromEntries(entries) as PublishedDocuments;
}

/** The columns a VersionInfo is made of, with the author's name (`users` joined on `created_by`). */
export const VERSION_COLUMNS = [
  'settings_documents.version',
  'settings_documents.status',
  'settings_documents.based_on_version',
  'settings_documents.restored_from',
  'settings_documents.restored_from_variant',
  'settings_documents.conflict',
  'settings_documents.created_at',
  'settings_documents.published_at',
  'settings_documents.created_by',
  'users.name as created_by_name',
] as const;

/** Versions of one kind's variant, newest first, with who saved them. */
export async function listVersions(db: Db, storeId: number, kind: DocumentKind, limit = 100, variant: DocumentVariant = 'a'): Promise<VersionInfo[]> {
  const rows = await db
    .selectFrom('settings_documents')
    .leftJoin('users', 'users.id', 'settings_documents.created_by')
    .select(VERSION_COLUMNS)
    .where('settings_documents.store_id', '=', storeId)
    .where('settings_documents.kind', '=', kind)
    .where('settings_documents.variant', '=', variant)
    .orderBy('settings_documents.version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toVersionInfo(row));
}

export function toVersionInfo(row: {
  version: number;
  status: DocumentStatus;
  based_on_version: number | null;
  restored_from: number | null;
  restored_from_variant: DocumentVariant | null;
  conflict: ConflictResolution | null;
  created_at: Date | string;
  published_at: Date | string | null;
  created_by: number | null;
  created_by_name?: string | null;
}): VersionInfo {
  return {
    version: row.version,
    status: row.status,
    based_on_version: row.based_on_version,
    restored_from: row.restored_from,
    restored_from_variant: row.restored_from_variant,
    conflict: row.conflict,
    created_at: iso(row.created_at) ?? '',
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    published_at: iso(row.published_at),
  };
}

export interface SurfaceSummary {
  kind: (typeof SURFACES)[number]['kind'];
  label: string;
  /** console route of the builder for this surface */
  path: string;
  draft_version: number;
  published_version: number | null;
  /** not_published: shoppers see the default · published: up to date · changes_pending: the draft is newer */
  state: 'not_published' | 'published' | 'changes_pending';
  updated_at: string | null;
  published_at: string | null;
}

/** The /onsite-display overview: the four surfaces and their publish state, in one query. */
export async function surfaceSummary(db: Db, storeId: number): Promise<SurfaceSummary[]> {
  const rows = await db
    .selectFrom('settings_documents')
    .select((eb) => [
      'kind',
      eb.fn.max('version').as('latest'),
      eb.fn.max('version').filterWhere('status', '=', 'published').as('published'),
      eb.fn.max('created_at').as('updated_at'),
      eb.fn.max('published_at').filterWhere('status', '=', 'published').as('published_at'),
    ])
    .where('store_id', '=', storeId)
    .where('variant', '=', 'a')
    .where(
      'kind',
      'in',
      SURFACES.map((surface) => surface.kind),
    )
    .groupBy('kind')
    .execute();
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return SURFACES.map((surface) => {
    const row = byKind.get(surface.kind);
    const draft = Number(row?.latest ?? 0);
    const published = row?.published === null || row?.published === undefined ? null : Number(row.published);
    const state = published === null ? 'not_published' : published === draft ? 'published' : 'changes_pending';
    return {
      ...surface,
      draft_version: draft,
      published_version: published,
      state,
      updated_at: iso((row?.updated_at as Date | string | null | undefined) ?? null),
      published_at: iso((row?.published_at as Date | string | null | undefined) ?? null),
    };
  });
}
