import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** One product of a store's catalogue, by its platform id (what order lines and rules name). */
export interface ProductsTable {
  id: Generated<number>;
  store_id: number;
  external_id: string;
  platform: string;
  title: string;
  handle: string;
  vendor: string;
  product_type: string;
  status: string;
  price_minor: number;
  image_url: string | null;
  tags: JsonWithDefault<string[]>;
  collection_ids: JsonWithDefault<string[]>;
  /** import, webhook or seed */
  source: string;
  /** the platform's `updated_at` of the version held: an older webhook does not overwrite it; null for imports and the seed */
  platform_updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A product the platform deleted: a late webhook of it does not bring it back. */
export interface ProductDeletionsTable {
  store_id: number;
  external_id: string;
  deleted_at: Date;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  store_id: number;
  external_id: string;
  product_external_id: string;
  title: string;
  sku: string;
  price_minor: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CollectionsTable {
  id: Generated<number>;
  store_id: number;
  external_id: string;
  title: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    products: ProductsTable;
    product_variants: ProductVariantsTable;
    collections: CollectionsTable;
    product_deletions: ProductDeletionsTable;
  }
}

export type Product = Selectable<ProductsTable>;
