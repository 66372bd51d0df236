import { sql, type Kysely } from 'kysely';

/**
 * `analytics_mark_histories(stores, ids)` marks the days of the given members' history (their
 * join, entries, rewards given and used, orders, open batches' expiry, referral invites, visits,
 * referrals made and completed) when their segment changes: a new tier, source or tags, a first
 * order through a channel. It was three functions that each probed every member's rows through a
 * lateral subquery; a backfill's first orders (every member's first through its channel) paid
 * about 0.2 ms per member for it on PGlite. It is now one statement that reads each table once
 * through its (store, customer) index for all the members at once, and marks the same days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // each source: its table, the column naming the member, the day column and its condition
  const sources: Array<[table: string, member: string, day: string, where?: string]> = [
    ['ledger_entries', 'customer_id', 'created_at'],
    ['rewards', 'customer_id', 'created_at'],
    ['rewards', 'customer_id', 'used_at', 'used_at is not null'],
    ['orders', 'customer_id', 'placed_at'],
    ['points_batches', 'customer_id', 'expires_at', 'remaining > 0 and expires_at is not null'],
    ['referral_invites', 'referrer_id', 'created_at'],
    ['referral_visits', 'referrer_id', 'created_at'],
    ['referrals', 'referrer_id', 'created_at'],
    ['referrals', 'referrer_id', 'completed_at', 'completed_at is not null'],
  ];
  const reads = sources.map(
    ([table, member, day, where]) => `
      union all select k.store_id, (t.${day} at time zone 'UTC')::date from ${table} t
        join unnest(stores, ids) k(store_id, customer_id) on t.store_id = k.store_id and t.${member} = k.customer_id
        where t.store_id = any(stores) and t.${member} = any(ids)${where ? ` and t.${where}` : ''}`,
  );
  const statements = [
    sql.raw(`create or replace function analytics_mark_histories(stores bigint[], ids bigint[]) returns void language sql as $$
      insert into analytics_dirty (store_id, day)
      select distinct store_id, day from (
        select k.store_id, (c.created_at at time zone 'UTC')::date as day from customers c
          join unnest(stores, ids) k(store_id, customer_id) on c.id = k.customer_id
          where c.id = any(ids)${reads.join('')}
      ) days
    $$`),
    // the layers it was made of, called by nothing else
    sql`drop function analytics_mark_member_days(bigint[], bigint[])`,
    sql`drop function analytics_mark_fact_days(bigint[], bigint[])`,
  ];
  for (const statement of statements) await statement.execute(db);
}
