import type { ExperimentSurface, Variant } from './contract.ts';
import type { Db } from '../../db/connection.ts';
import { getDocument, listVersions, loadPublishedDocument, restoreVersion, saveDraftOnLatest } from '../../domain/documents/index.ts';

/**
 * The surface's variant B: its latest version, or null when none was saved. B is a line of
 * versions of the surface's document (domain/documents, variant 'b'): saved on a base version,
 * listed and restored like the drafts, never published.
 */
export async function findVariant(db: Db, storeId: number, kind: ExperimentSurface): Promise<Variant | null> {
  const [latest] = await listVersions(db, storeId, kind, 1, 'b');
  if (!latest) return null;
  const { document } = await getDocument(db, storeId, kind, 'b');
  return {
    kind,
    document: document as unknown as Record<string, unknown>,
    draft_version: latest.version,
    updated_at: latest.created_at,
    updated_by: latest.created_by,
  };
}

/**
 * "Create variant B" (or reset it): B's next version is a copy of what shoppers see now: the
 * published version (History names it), or the preset default when nothing readable is published.
 */
export async function variantFromPublished(db: Db, storeId: number, kind: ExperimentSurface, userId: number | null): Promise<Variant> {
  const published = await loadPublishedDocument(db, storeId, kind);
  if (published.version !== null && !published.problem) {
    await restoreVersion(db, { storeId, kind, variant: 'b', from: 'a', version: published.version, userId });
  } else {
    await saveDraftOnLatest(db, { storeId, kind, variant: 'b', document: published.document, userId });
  }
  return (await findVariant(db, storeId, kind))!;
}
