import { sql, type Kysely } from 'kysely';

/** The day (UTC) a timestamp column falls on, in a transition table. */
const day = (column: string) => `(${column} at time zone 'UTC')::date`;

/** Marks the days a statement touched, from its new and old rows (insert, update, delete). */
function markFunction(table: string, columns: string[]): string {
  const mark = (rows: string) =>
    columns
      .map((column) => `insert into analytics_dirty (store_id, day) select distinct store_id, ${day(column)} from ${rows} where ${column} is not null;`)
      .join('\n');
  return `create function analytics_mark_${table}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then ${mark('new_rows')} end if;
      if tg_op in ('UPDATE', 'DELETE') then ${mark('old_rows')} end if;
      return null;
    end $$`;
}

const SOURCES: Record<string, string[]> = {
  customers: ['created_at'],
  ledger_entries: ['created_at'],
  rewards: ['created_at', 'used_at'],
  orders: ['placed_at'],
};

/**
 * Analytics rolled up per store and day (UTC), so a year of figures is 365 rows instead of
 * millions. Every write to a source table appends the days it touched to `analytics_dirty` (one
 * statement-level trigger per table and event, so a bulk insert marks once; appends only, so
 * concurrent writers never wait on each other); readers and the maintenance job take the markers
 * out and recompute those days in one transaction. Existing history is marked here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_daily (
      store_id bigint not null,
      day date not null,
      currency text not null,
      members_joined integer not null,
      points_net bigint not null,
      pending_net bigint not null,
      points_issued bigint not null,
      points_redeemed bigint not null,
      rewards_issued integer not null,
      rewards_used integer not null,
      member_orders integer not null,
      member_repeat_orders integer not null,
      member_revenue_minor bigint not null,
      guest_orders integer not null,
      guest_revenue_minor bigint not null,
      primary key (store_id, day))`.execute(db);
  await sql`create table analytics_dirty (store_id bigint not null, day date not null)`.execute(db);
  await sql`create index analytics_dirty_store_idx on analytics_dirty (store_id)`.execute(db);
  for (const [table, columns] of Object.entries(SOURCES)) {
    await sql.raw(markFunction(table, columns)).execute(db);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      await sql
        .raw(
          `create trigger ${table}_analytics_${event} after ${event} on ${table} referencing ${transition} for each statement execute function analytics_mark_${table}()`,
        )
        .execute(db);
    }
    for (const column of columns) {
      await sql
        .raw(`insert into analytics_dirty (store_id, day) select distinct store_id, ${day(column)} from ${table} where ${column} is not null`)
        .execute(db);
    }
  }
  // the members carrying a tag (analytics' member filter)
  await sql`create index customers_tags_idx on customers using gin (tags jsonb_path_ops)`.execute(db);
  // reading a period of rewards by date (the recompute of a day, the live tag filter); orders have
  // theirs already (orders_store_placed_idx)
  await sql`create index rewards_store_created_idx on rewards (store_id, created_at)`.execute(db);
  await sql`create index rewards_store_used_idx on rewards (store_id, used_at) where used_at is not null`.execute(db);
}
