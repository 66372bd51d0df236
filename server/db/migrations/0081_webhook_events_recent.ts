import { sql, type Kysely } from 'kysely';

/** Integrations read each store's newest webhook events per platform (the last event received, the event list). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_events_store_recent_idx on webhook_events (store_id, platform, id)`.execute(db);
}
