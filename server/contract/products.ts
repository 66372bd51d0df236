import { z } from 'zod';
import { pageOf } from './common.ts';

/** Data host list calls of the catalogue: `?search&page&limit` (spec §7 list parameters). */
export const catalogueListQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /list/product/varaints: optionally only the variants of some products. */
export const variantListBody = z.strictObject({ product_ids: z.array(z.string().trim().min(1).max(64)).max(100).optional() }).nullish();

/** POST product/import: CSV text (a product, or a variant of one, per row) or JSON products (neutral rows, Shopify or BigCommerce products). */
export const productImportBody = z
  .strictObject({
    format: z.enum(['csv', 'json']),
    csv: z.string().max(900_000).optional(),
    products: z.array(z.record(z.string(), z.unknown())).max(5_000).optional(),
  })
  .refine((body) => (body.format === 'csv' ? body.csv !== undefined : body.products !== undefined), {
    message: 'Send csv text or a products array.',
    path: ['csv'],
  });
export type ProductImportBody = z.infer<typeof productImportBody>;

export const productRecord = z.object({
  id: z.string(),
  platform: z.string(),
  title: z.string(),
  handle: z.string(),
  vendor: z.string(),
  product_type: z.string(),
  status: z.string(),
  price_minor: z.number(),
  image_url: z.string().nullable(),
  tags: z.array(z.string()),
  collection_ids: z.array(z.string()),
  source: z.string(),
  updated_at: z.string(),
});
export type ProductRecord = z.infer<typeof productRecord>;
export const productPage = pageOf(productRecord);
export type ProductPage = z.infer<typeof productPage>;

export const collectionRecord = z.object({ id: z.string(), title: z.string() });
export type CollectionRecord = z.infer<typeof collectionRecord>;
export const collectionPage = pageOf(collectionRecord);

export const variantRecord = z.object({
  id: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  title: z.string(),
  sku: z.string(),
  price_minor: z.number(),
});
export type VariantRecord = z.infer<typeof variantRecord>;
export const variantPage = pageOf(variantRecord);

export const productTagRecord = z.object({ tag: z.string(), products: z.number().int() });
export type ProductTagRecord = z.infer<typeof productTagRecord>;
export const productTagPage = pageOf(productTagRecord);

/** An import's progress (orders and products alike). */
export const importRecord = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rows: z.number(),
  total: z.number(),
  processed: z.number(),
  failed_rows: z.array(z.object({ row: z.number(), message: z.string() })),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof importRecord>;
