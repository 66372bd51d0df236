import { validateDocument } from '../../../renderers/contract/index.ts';
import type { ExperimentSurface, Variant } from '../../contract/experiments.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { loadPublishedDocument } from '../../domain/documents/index.ts';
import { ApiError } from '../../http/errors.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: { kind: string; document: unknown; based_on_version: number | null; updated_at: Date | string }): Variant {
  return {
    kind: row.kind as ExperimentSurface,
    document: row.document as Record<string, unknown>,
    based_on_version: row.based_on_version,
    updated_at: iso(row.updated_at),
  };
}

/** The surface's variant B, or null when none was saved. */
export async function findVariant(db: Db, storeId: number, kind: ExperimentSurface): Promise<Variant | null> {
  const row = await db
    .selectFrom('surface_variants')
    .select(['kind', 'document', 'based_on_version', 'updated_at'])
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? present(row) : null;
}

interface SaveVariant {
  storeId: number;
  kind: ExperimentSurface;
  document: unknown;
  userId: number | null;
  now: Date;
  /** the published version it came from; kept from the earlier save when undefined */
  basedOnVersion?: number | null;
}

/** Saves variant B of a surface, validated as that surface's document (422 naming the field otherwise). */
export async function saveVariant(db: Db, input: SaveVariant): Promise<Variant> {
  const result = validateDocument(input.kind, input.document);
  if (!result.ok) {
    const [path, message] = Object.entries(result.errors)[0] ?? ['document', 'This document is not valid'];
    throw new ApiError(422, `Variant B is not valid: ${path}: ${message}`, 'invalid_document', result.errors);
  }
  const values = {
    store_id: input.storeId,
    kind: input.kind,
    document: json(result.value),
    based_on_version: input.basedOnVersion ?? null,
    updated_by: input.userId,
    updated_at: input.now,
  };
  const row = await db
    .insertInto('surface_variants')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['store_id', 'kind']).doUpdateSet({
        document: values.document,
        updated_by: values.updated_by,
        updated_at: values.updated_at,
        ...(input.basedOnVersion !== undefined && { based_on_version: values.based_on_version }),
      }),
    )
    .returning(['kind', 'document', 'based_on_version', 'updated_at'])
    .executeTakeFirstOrThrow();
  return present(row);
}

/** "Create variant B": a copy of what shoppers see now (the preset default when nothing is published). */
export async function variantFromPublished(db: Db, storeId: number, kind: ExperimentSurface, userId: number | null, now: Date): Promise<Variant> {
  const published = await loadPublishedDocument(db, storeId, kind);
  return saveVariant(db, { storeId, kind, document: published.document, userId, now, basedOnVersion: published.version });
}
