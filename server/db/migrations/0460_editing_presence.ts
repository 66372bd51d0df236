import { sql, type Kysely } from 'kysely';

/**
 * Who has a studio open: one row per sign-in session, store and studio, refreshed by the studio's
 * heartbeat. A row not refreshed for a while no longer counts; leaving the studio or signing out
 * removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table editing_presence (
    store_id bigint not null references stores (id) on delete cascade,
    studio text not null,
    session_id bigint not null references sessions (id) on delete cascade,
    user_id bigint not null references users (id) on delete cascade,
    seen_at timestamptz not null,
    primary key (store_id, studio, session_id)
  )`.execute(db);
  await sql`create index editing_presence_seen_idx on editing_presence (store_id, studio, seen_at)`.execute(db);
}
