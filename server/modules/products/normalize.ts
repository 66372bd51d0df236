import { z } from 'zod';
import { toMinor } from '../../domain/schemas/normalized-order.ts';

/** A product in one neutral shape, whichever file or platform it came from. */
export interface NormalizedProduct {
  externalId: string;
  platform: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: string;
  priceMinor: number;
  imageUrl: string | null;
  tags: string[];
  collections: Array<{ id: string; title: string }>;
  variants: Array<{ id: string; title: string; sku: string; priceMinor: number }>;
  /** when the platform last changed the product (its `updated_at`), which orders late webhooks; null for file rows */
  updatedAt: Date | null;
}

const text = (max: number) => z.coerce.string().trim().max(max);
const money = z.union([z.string(), z.number()]).optional();
const id = z.coerce.string().trim().min(1, 'Required.').max(64);
/** "a, b" or "a|b" (CSV cells) or an array (JSON) → distinct trimmed values */
const list = z
  .union([z.string(), z.array(z.coerce.string())])
  .optional()
  .transform((value) =>
    [...new Set((typeof value === 'string' ? value.split(/[|,]/) : (value ?? [])).map((item) => item.trim()).filter(Boolean))].slice(0, 250),
  );
const validList = list.refine((items) => items.every((item) => item.length <= 64), 'Each value is at most 64 characters.');

/** A CSV row or neutral JSON product: one variant per row at most (rows of one product merge). */
const neutralRow = z.object({
  product_id: id,
  platform: z.enum(['shopify', 'bigcommerce', 'custom']).default('custom'),
  title: text(255).pipe(z.string().min(1, 'Enter a title.')),
  handle: text(255).default(''),
  vendor: text(255).default(''),
  product_type: text(255).default(''),
  status: z.enum(['active', 'draft', 'archived']).default('active'),
  price: money,
  image_url: text(2048).optional(),
  tags: validList,
  collection_ids: validList,
  /** titles of collection_ids, in the same order (ids are used when absent) */
  collection_titles: list,
  variant_id: text(64).optional(),
  variant_title: text(255).optional(),
  sku: text(255).optional(),
});

/** Shopify's product (Admin API or products/* webhooks). */
const shopifyProduct = z.object({
  id,
  title: text(255).pipe(z.string().min(1, 'Enter a title.')),
  handle: text(255).default(''),
  vendor: text(255).default(''),
  product_type: text(255).default(''),
  status: z.string().default('active'),
  tags: validList,
  updated_at: z.string().optional(),
  image: z.object({ src: text(2048).optional() }).nullish(),
  variants: z
    .array(z.object({ id, title: text(255).default(''), sku: text(255).nullish(), price: money }))
    .max(250)
    .default([]),
});

/** BigCommerce's catalog product (categories stand for collections). */
const bigcommerceProduct = z.object({
  id,
  name: text(255).pipe(z.string().min(1, 'Enter a name.')),
  sku: text(255).default(''),
  price: money,
  type: text(40).default(''),
  is_visible: z.boolean().default(true),
  date_modified: z.string().optional(),
  categories: z.array(z.coerce.string()).max(250).default([]),
  variants: z
    .array(z.object({ id, sku: text(255).default(''), price: money.nullable() }))
    .max(250)
    .default([]),
});

const orZero = (value: string | number | null | undefined) => toMinor(value ?? 0);

/** A platform timestamp, or null when absent or unreadable (the version is then not compared). */
const timestamp = (value: string | undefined) => {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

/** One imported row or platform product → the neutral product; throws ZodError or 'Not an amount'. */
export function normalizeProduct(raw: unknown, platform?: 'shopify' | 'bigcommerce'): NormalizedProduct {
  const record = (raw ?? {}) as Record<string, unknown>;
  if (platform === 'shopify' || (!platform && record.product_id === undefined && Array.isArray(record.variants) && 'title' in record)) {
    const product = shopifyProduct.parse(raw);
    return {
      externalId: product.id,
      platform: 'shopify',
      title: product.title,
      handle: product.handle,
      vendor: product.vendor,
      productType: product.product_type,
      status: product.status.toLowerCase(),
      priceMinor: product.variants.length ? Math.min(...product.variants.map((variant) => orZero(variant.price))) : 0,
      imageUrl: product.image?.src ?? null,
      tags: product.tags,
      collections: [],
      variants: product.variants.map((variant) => ({ id: variant.id, title: variant.title, sku: variant.sku ?? '', priceMinor: orZero(variant.price) })),
      updatedAt: timestamp(product.updated_at),
    };
  }
  if (platform === 'bigcommerce' || (!platform && record.product_id === undefined && 'name' in record)) {
    const product = bigcommerceProduct.parse(raw);
    return {
      externalId: product.id,
      platform: 'bigcommerce',
      title: product.name,
      handle: '',
      vendor: '',
      productType: product.type,
      status: product.is_visible ? 'active' : 'draft',
      priceMinor: orZero(product.price),
      imageUrl: null,
      tags: [],
      collections: product.categories.map((category) => ({ id: category, title: `Category ${category}` })),
      variants: product.variants.map((variant) => ({
        id: variant.id,
        title: variant.sku,
        sku: variant.sku,
        priceMinor: orZero(variant.price ?? product.price),
      })),
      updatedAt: timestamp(product.date_modified),
    };
  }
  const row = neutralRow.parse(raw);
  return {
    externalId: row.product_id,
    platform: row.platform,
    title: row.title,
    handle: row.handle,
    vendor: row.vendor,
    productType: row.product_type,
    status: row.status,
    priceMinor: orZero(row.price),
    imageUrl: row.image_url || null,
    tags: row.tags,
    collections: row.collection_ids.map((collection, index) => ({ id: collection, title: row.collection_titles[index] ?? collection })),
    variants: row.variant_id ? [{ id: row.variant_id, title: row.variant_title ?? '', sku: row.sku ?? '', priceMinor: orZero(row.price) }] : [],
    updatedAt: null,
  };
}
