import { sql, type Kysely } from 'kysely';

/** The day (UTC) a timestamp column falls on, in a transition table. */
const day = (column: string) => `(${column} at time zone 'UTC')::date`;

/**
 * The points that expire on each day, rolled up with the days: summed live, the liability's
 * "expires within 90 days" reads about a million open batches on every read of the scale store
 * (850 ms). `analytics_daily.points_expiring` holds the unspent points of the batches expiring that
 * day; a batch written (earned, spent from, expired, deleted) marks its expiry day in `analytics_dirty`
 * as the other sources mark theirs (appends only), and the day is recomputed with the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const mark = (rows: string) =>
    `insert into analytics_dirty (store_id, day) select distinct store_id, ${day('expires_at')} from ${rows} where expires_at is not null;`;
  const statements = [
    sql`alter table analytics_daily add column points_expiring bigint not null default 0`,
    sql.raw(`create function analytics_mark_points_batches() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then ${mark('new_rows')} end if;
        if tg_op in ('UPDATE', 'DELETE') then ${mark('old_rows')} end if;
        return null;
      end $$`),
    sql`create trigger points_batches_analytics_insert after insert on points_batches referencing new table as new_rows
      for each statement execute function analytics_mark_points_batches()`,
    sql`create trigger points_batches_analytics_update after update on points_batches referencing old table as old_rows new table as new_rows
      for each statement execute function analytics_mark_points_batches()`,
    sql`create trigger points_batches_analytics_delete after delete on points_batches referencing old table as old_rows
      for each statement execute function analytics_mark_points_batches()`,
    sql.raw(
      `insert into analytics_dirty (store_id, day) select distinct store_id, ${day('expires_at')} from points_batches where remaining > 0 and expires_at is not null`,
    ),
  ];
  for (const statement of statements) await statement.execute(db);
}
