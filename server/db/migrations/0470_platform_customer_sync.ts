import { sql, type Kysely } from 'kysely';

/**
 * Customers kept in step with a shop's platform:
 * - `customers_store_external_idx`: a customer by their platform id (webhooks, the backfill's
 *   batches, deletions and erasures look customers up so); erased customers lose the id, so the
 *   index holds only customers that have one.
 * - `platform_tags`: the tags the platform last sent. A sync replaces these in `tags` and keeps
 *   the ones the store added itself. A Shopify customer synced before held only the platform's
 *   tags (each sync replaced them all), so their current tags start as the platform's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create index customers_store_external_idx on customers (store_id, external_id) where external_id is not null`,
    sql`alter table customers add column platform_tags jsonb`,
    sql`update customers c set platform_tags = c.tags from stores s
      where s.id = c.store_id and s.platform = 'shopify' and c.external_id is not null and c.tags <> '[]'::jsonb and c.deleted_at is null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
