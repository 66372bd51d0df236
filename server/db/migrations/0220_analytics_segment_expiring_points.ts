import { sql, type Kysely } from 'kysely';

/**
 * The points that expire on each day, per member segment (issue 17: a filtered liability summed
 * the filter's members' open batches live, about a million rows joined to the filter on the scale
 * store, 0.8–1 s). `analytics_segments.points_expiring` holds the unspent points of the segment's
 * members' batches expiring that day, spread over the segments as a member's other facts are
 * (their tier, source, tags and channels as they are now); `analytics_daily.points_expiring` stays
 * the sum of its segments. A batch written marks its expiry day already (0202); a member whose
 * segment changes now has the expiry days of their open batches marked with the rest of their
 * history (`analytics_mark_histories`, 0200, which the tier, source, tag and channel triggers call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table analytics_segments add column points_expiring bigint not null default 0`,
    // 0200's function, with the expiry days of the customers' open batches (points_batches_open_idx)
    sql`create or replace function analytics_mark_histories(stores bigint[], ids bigint[]) returns void language sql as $$
      insert into analytics_dirty (store_id, day)
      select distinct k.store_id, h.day from unnest(stores, ids) k(store_id, customer_id)
      cross join lateral (
        select (c.created_at at time zone 'UTC')::date from customers c where c.id = k.customer_id
        union select (e.created_at at time zone 'UTC')::date from ledger_entries e where e.store_id = k.store_id and e.customer_id = k.customer_id
        union select (r.created_at at time zone 'UTC')::date from rewards r where r.store_id = k.store_id and r.customer_id = k.customer_id
        union select (r.used_at at time zone 'UTC')::date from rewards r where r.store_id = k.store_id and r.customer_id = k.customer_id and r.used_at is not null
        union select (o.placed_at at time zone 'UTC')::date from orders o where o.store_id = k.store_id and o.customer_id = k.customer_id
        union select (b.expires_at at time zone 'UTC')::date from points_batches b
          where b.store_id = k.store_id and b.customer_id = k.customer_id and b.remaining > 0 and b.expires_at is not null
      ) h(day)
    $$`,
    // the days open batches expire on are rolled up again, into their segments too
    sql`insert into analytics_dirty (store_id, day)
      select distinct store_id, (expires_at at time zone 'UTC')::date from points_batches where remaining > 0 and expires_at is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}
