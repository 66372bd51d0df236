import { sql, type Kysely } from 'kysely';

/**
 * The sales channel of an order (analytics' channel filter): where the platform says
 * the order was placed — Shopify's `source_name` (web, pos, …), BigCommerce's `order_source`, the
 * neutral format's `channel`; null when the platform did not say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table orders add column channel text`,
    // the store's channels with their order counts (filter options, an index-only group by), a
    // channel's orders in a period, and whether a channel is known at all (an unknown one is a 422)
    sql`create index orders_store_channel_idx on orders (store_id, channel, placed_at) include (customer_id) where channel is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
