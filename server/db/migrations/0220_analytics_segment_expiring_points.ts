import { sql, type Kysely } from 'kysely';

/**
 * The points that expire on each day, per member segment: summed live, a filtered liability reads
 * the filter's members' open batches, about a million rows joined to the filter on the scale store
 * (0.8–1 s). `analytics_segments.points_expiring` holds the unspent points of the segment's
 * members' batches expiring that day, spread over the segments as a member's other facts are (their
 * tier, source, tags and channels as they are now); `analytics_daily.points_expiring` stays the sum
 * of its segments. A batch written marks its expiry day already (`analytics_mark_points_batches`);
 * a member whose segment changes now has the expiry days of their open batches marked with the rest
 * of their history (`analytics_mark_histories`, called by the tier, source, tag and channel
 * triggers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table analytics_segments add column points_expiring bigint not null default 0`,
    // `analytics_mark_histories` marks the days of the customers' facts; the expiry days of their
    // open batches (points_batches_open_idx) are marked beside them, under the name the triggers call
    sql`alter function analytics_mark_histories(bigint[], bigint[]) rename to analytics_mark_fact_days`,
    sql`create function analytics_mark_histories(stores bigint[], ids bigint[]) returns void language sql as $$
      select analytics_mark_fact_days(stores, ids);
      insert into analytics_dirty (store_id, day)
      select distinct b.store_id, (b.expires_at at time zone 'UTC')::date from unnest(stores, ids) k(store_id, customer_id)
      join points_batches b on b.store_id = k.store_id and b.customer_id = k.customer_id and b.remaining > 0 and b.expires_at is not null
    $$`,
    // the days open batches expire on are rolled up again, into their segments too
    sql`insert into analytics_dirty (store_id, day)
      select distinct store_id, (expires_at at time zone 'UTC')::date from points_batches where remaining > 0 and expires_at is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
