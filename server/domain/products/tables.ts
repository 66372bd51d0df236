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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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
  }
}

export type Product = Selectable<ProductsTable>;
