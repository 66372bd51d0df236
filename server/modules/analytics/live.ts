/**
 * The same sums as the rollups (the referral funnel's steps too), computed from the source tables
 * for each bucket of a period for the members of a filter, and the points expiring between two instants: the reference the member
 * segments are checked against (segments.test.ts), every filter and period, after changes to
 * rolled-up days.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { Period } from './period.ts';
import { rolledBuckets, SUM_KEYS, sumsOf, type Sums } from './rollups.ts';
import { countWhere, inPeriod, REVENUE_STATUSES, sumWhere, memberFilter, type MemberFilter } from './sql.ts';

const bucketOf = (column: string, period: Period) =>
  sql<string>`to_char(date_trunc(${period.granularity}, ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** An earlier revenue order of the same member: the order is a returning member's. */
const returning = sql<boolean>`exists (select 1 from orders p where p.store_id = orders.store_id and p.customer_id = orders.customer_id
  and p.status in (${sql.join(REVENUE_STATUSES)}) and (p.placed_at, p.id) < (orders.placed_at, orders.id))`;

/** The guests' revenue orders through one sales channel, per bucket. */
const guestChannelBuckets = (db: Executor, storeId: number, period: Period, currency: string, channel: string) =>
  db
    .selectFrom('orders')
    .select([
      bucketOf('placed_at', period).as('bucket'),
      sql<string>`count(*)`.as('guest_orders'),
      sql<string>`coalesce(sum(total_minor), 0)`.as('guest_revenue_minor'),
    ])
    .where('store_id', '=', storeId)
    .where('channel', '=', channel)
    .where('customer_id', 'is', null)
    .where('currency', '=', currency)
    .where('status', 'in', REVENUE_STATUSES)
    .where(inPeriod('placed_at', period))
    .groupBy('bucket')
    .execute();

/** The referral funnel's step counted per bucket, by when it happened (`column`), for the filter's referrers. */
const funnelBuckets = (
  db: Executor,
  storeId: number,
  period: Period,
  filter: MemberFilter | null,
  table: 'referral_invites' | 'referral_visits' | 'referrals',
  column: 'created_at' | 'completed_at',
  key: 'referral_invites' | 'referral_visits' | 'referral_claims' | 'referrals_completed',
) =>
  db
    .selectFrom(table)
    .select([bucketOf(column, period).as('bucket'), sql<string>`count(*)`.as(key)])
    .where('store_id', '=', storeId)
    .where(inPeriod(column, period))
    .$if(column === 'completed_at', (query) => query.where(sql<boolean>`state = 'completed'`))
    .where(memberFilter(storeId, 'referrer_id', filter))
    .groupBy('bucket')
    .execute();

export async function liveBuckets(
  db: Executor,
  storeId: number,
  period: Period,
  currency: string,
  filter: MemberFilter | null,
): Promise<(Sums & { bucket: string })[]> {
  const [members, ledger, issuedRewards, usedRewards, orders, rolled, ...funnel] = await Promise.all([
    db
      .selectFrom('customers')
      .select([bucketOf('created_at', period).as('bucket'), sql<string>`count(*)`.as('members_joined')])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(memberFilter(storeId, 'customers.id', filter))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select([
        bucketOf('created_at', period).as('bucket'),
        sumWhere(sql`lifetime_points`, sql`lifetime_points > 0`).as('points_issued'),
        sumWhere(sql`-points`, sql`type in ('redemption', 'redemption_rollback')`).as('points_redeemed'),
      ])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(memberFilter(storeId, 'ledger_entries.customer_id', filter))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('rewards')
      .select([bucketOf('created_at', period).as('bucket'), sql<string>`count(*)`.as('rewards_issued')])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(memberFilter(storeId, 'rewards.customer_id', filter))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('rewards')
      .select([bucketOf('used_at', period).as('bucket'), sql<string>`count(*)`.as('rewards_used')])
      .where('store_id', '=', storeId)
      .where(inPeriod('used_at', period))
      .where(memberFilter(storeId, 'rewards.customer_id', filter))
      .groupBy('bucket')
      .execute(),
    db
      .selectFrom('orders')
      .select([
        bucketOf('placed_at', period).as('bucket'),
        sql<string>`count(*)`.as('member_orders'),
        countWhere(returning).as('member_repeat_orders'),
        sql<string>`coalesce(sum(total_minor), 0)`.as('member_revenue_minor'),
      ])
      .where('store_id', '=', storeId)
      .where('currency', '=', currency)
      .where('status', 'in', REVENUE_STATUSES)
      .where(inPeriod('placed_at', period))
      .where('customer_id', 'is not', null)
      .$if(Boolean(filter?.channel), (query) => query.where('channel', '=', filter!.channel!))
      .where(memberFilter(storeId, 'orders.customer_id', filter))
      .groupBy('bucket')
      .execute(),
    // guests are in no member filter: their orders are the rollups', or the channel's
    filter?.channel ? guestChannelBuckets(db, storeId, period, currency, filter.channel) : rolledBuckets(db, storeId, period),
    funnelBuckets(db, storeId, period, filter, 'referral_invites', 'created_at', 'referral_invites'),
    funnelBuckets(db, storeId, period, filter, 'referral_visits', 'created_at', 'referral_visits'),
    funnelBuckets(db, storeId, period, filter, 'referrals', 'created_at', 'referral_claims'),
    funnelBuckets(db, storeId, period, filter, 'referrals', 'completed_at', 'referrals_completed'),
  ]);
  const byBucket = new Map<string, Record<string, unknown>>();
  const guests = rolled.map(({ bucket, guest_orders, guest_revenue_minor }) => ({ bucket, guest_orders, guest_revenue_minor }));
  for (const row of [...members, ...ledger, ...issuedRewards, ...usedRewards, ...orders, ...guests, ...funnel.flat()])
    byBucket.set(row.bucket, { ...byBucket.get(row.bucket), ...row });
  return [...byBucket.entries()].map(([bucket, row]) => ({ bucket, ...sumsOf(row) }));
}

/** The buckets added up into the period's sums. */
export const totalOf = (buckets: Sums[]): Sums =>
  sumsOf(Object.fromEntries(SUM_KEYS.map((key) => [key, buckets.reduce((total, bucket) => total + bucket[key], 0)])));

/** The unspent points of the filter's members' batches (the store's with no filter) expiring after `after` and before `before`, from the batches. */
export async function liveExpiring(db: Executor, storeId: number, after: Date, before: Date, filter: MemberFilter | null): Promise<number> {
  const row = await db
    .selectFrom('points_batches')
    .select(sql<string>`coalesce(sum(remaining), 0)`.as('points'))
    .where('store_id', '=', storeId)
    .where('remaining', '>', 0)
    .where('expires_at', '>', after)
    .where('expires_at', '<', before)
    .where(memberFilter(storeId, 'points_batches.customer_id', filter))
    .executeTakeFirstOrThrow();
  return toNumber(row.points);
}
