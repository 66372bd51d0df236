import { ZodError } from 'zod';
import type { Executor } from '../../domain/ledger/index.ts';
import type { ImportFailure } from '../../domain/schemas/import-failure.ts';
import { upsertProducts } from './catalogue.ts';
import { normalizeProduct, type NormalizedProduct } from './normalize.ts';

/** One product of an import and its row in the file (from 1). */
export interface ProductImportItem {
  row: number;
  product: NormalizedProduct;
}

const reason = (error: unknown) => {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return `${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`;
  }
  return error instanceof Error ? error.message : String(error);
};

/** Reads the rows of a product file (CSV rows, neutral, Shopify or BigCommerce JSON): the products to import, and the rows refused with the reason. */
export function prepareProductImport(rows: unknown[]): { items: ProductImportItem[]; failed: ImportFailure[] } {
  const items: ProductImportItem[] = [];
  const failed: ImportFailure[] = [];
  rows.forEach((raw, index) => {
    try {
      items.push({ row: index + 1, product: normalizeProduct(raw) });
    } catch (error) {
      failed.push({ row: index + 1, message: reason(error) });
    }
  });
  return { items, failed };
}

/** Imports a chunk of products (upserts: importing a file twice changes nothing). */
export async function applyProductItems(db: Executor, storeId: number, items: ProductImportItem[], now: Date): Promise<ImportFailure[]> {
  // rows of one product (a variant per row) merge their variants and keep the last row's fields
  const merged = new Map<string, NormalizedProduct>();
  for (const { product } of items) {
    const earlier = merged.get(product.externalId);
    merged.set(product.externalId, earlier ? { ...product, variants: [...earlier.variants, ...product.variants] } : product);
  }
  await upsertProducts(db, storeId, [...merged.values()], 'import', now);
  return [];
}
