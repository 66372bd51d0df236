import { sql, type Kysely } from 'kysely';

/**
 * Product webhooks arrive in any order (platforms retry failed deliveries for hours), so the
 * catalogue keeps which version of a product it holds and what was deleted:
 * - `products.platform_updated_at`: the platform's own `updated_at` of the stored version; an
 *   older version arriving late does not overwrite a newer one (null: a file import or the seed,
 *   which always apply);
 * - `product_deletions`: the products the platform deleted; a late update of one does not bring
 *   it back (platform product ids are never reused). Importing the product again clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table products add column platform_updated_at timestamptz`,
    // the primary key is the one lookup: is this product of this store deleted?
    sql`create table product_deletions (
      store_id bigint not null references stores(id) on delete cascade,
      external_id text not null,
      deleted_at timestamptz not null,
      primary key (store_id, external_id))`,
  ];
  for (const statement of statements) await statement.execute(db);
}
