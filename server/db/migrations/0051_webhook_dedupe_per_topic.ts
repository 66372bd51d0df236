import { sql, type Kysely } from 'kysely';

/**
 * A webhook is the same delivery only for the same (store, source, topic, event id) —
 * Shopify may give a refunds/create the event id of the order it refers to. The raw body as
 * received (the bytes the signature covered, as UTF-8) is kept beside the parsed payload so a
 * delivery can be replayed exactly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table webhook_events drop constraint webhook_events_store_id_platform_event_key_key`,
    sql`alter table webhook_events add constraint webhook_events_delivery_key unique (store_id, platform, topic, event_key)`,
    sql`alter table webhook_events add column raw_body text`,
  ];
  for (const statement of statements) await statement.execute(db);
}
