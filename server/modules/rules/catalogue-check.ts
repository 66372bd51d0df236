import { unknownCatalogueIds, type CatalogueRefs } from '../products/index.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { ApiError } from '../../http/errors.ts';

const NOUN: Record<keyof CatalogueRefs, string> = { products: 'product', collections: 'collection', tags: 'product tag', variants: 'variant' };

/** A field of a rule or coupon naming catalogue ids, by its path in the body (e.g. `config.product_ids`). */
export interface CatalogueField {
  field: string;
  kind: keyof CatalogueRefs;
  ids: Array<string | undefined> | undefined;
}

/**
 * Refuses (422, naming each field) ids the store's catalogue does not hold, before anything is
 * written: rules and coupons name real products, collections, tags and variants.
 */
export async function ensureCatalogueIds(db: Executor, storeId: number, fields: CatalogueField[]): Promise<void> {
  const errors: Record<string, string> = {};
  for (const { field, kind, ids } of fields) {
    const given = (ids ?? []).filter((id): id is string => Boolean(id));
    if (given.length === 0) continue;
    const unknown = (await unknownCatalogueIds(db, storeId, { [kind]: given }))[kind];
    if (unknown?.length)
      errors[field] = `Unknown ${NOUN[kind]}${unknown.length === 1 ? '' : 's'}: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? '…' : ''}.`;
  }
  const [first] = Object.entries(errors);
  if (first) throw new ApiError(422, `${first[0]}: ${first[1]}`, 'validation_failed', errors);
}
