import { sql, type Kysely } from 'kysely';

/**
 * A webhook whose processing failed waits before it is tried again (the platform it is read from
 * down or asking to slow down, a shop to reconnect): `retry_at` is when it is due again; null, due
 * now. The runner takes only due events, and wakes up when the first waiting one comes due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_events add column retry_at timestamptz`.execute(db);
}
