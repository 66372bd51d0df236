import { z } from 'zod';
import { pageOf } from '../../domain/schemas/fields.ts';

/** Data host list calls of the catalogue: `?search&page&limit` (spec §7 list parameters). */
export const catalogueListQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /list/product/varaints: optionally only the variants of some products. */
export const variantListBody = z.strictObject({ product_ids: z.array(z.string().trim().min(1).max(64)).max(100).optional() }).nullish();

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
