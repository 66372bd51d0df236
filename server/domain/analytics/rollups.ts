/**
 * The daily rollups (`analytics_daily`): recomputing the days the triggers marked dirty, and
 * reading a period's sums from them. A recompute step takes its markers out first and recomputes in
 * the same transaction: a write committed before the take-out is in the recompute's snapshot, a
 * later one leaves a marker of its own; a second recompute waits on the taken markers and finds none.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import { inTransaction, type Executor } from '../ledger/index.ts';
import type { Period } from './period.ts';
import { REVENUE_STATUSES } from './sql.ts';
import type { AnalyticsDailyTable } from './tables.ts';

/** The additive figures of a span of days (the rollup's counted columns), from which every metric is derived. */
export type Sums = Omit<AnalyticsDailyTable, 'store_id' | 'day' | 'currency' | 'points_net' | 'pending_net'>;
export const SUM_KEYS = [
  'members_joined',
  'points_issued',
  'points_redeemed',
  'rewards_issued',
  'rewards_used',
  'member_orders',
  'member_repeat_orders',
  'member_revenue_minor',
  'guest_orders',
  'guest_revenue_minor',
] as const satisfies readonly (keyof Sums)[];

export const sumsOf = (row: Record<string, unknown>): Sums => Object.fromEntries(SUM_KEYS.map((key) => [key, toNumber(row[key])])) as unknown as Sums;

/** Days recomputed in one transaction: a long history is rolled up in steps that each stick. */
export const DAYS_PER_STEP = 31;

/** Recomputes the oldest marked days of one store (at most `DAYS_PER_STEP`, in `currency`); returns how many. */
async function recomputeStep(trx: Executor, storeId: number, currency: string): Promise<number> {
  const taken = await trx
    .deleteFrom('analytics_dirty')
    .where('store_id', '=', storeId)
    .where(sql<boolean>`day = any(array(select distinct day from analytics_dirty where store_id = ${storeId} order by day limit ${DAYS_PER_STEP}))`)
    .returning(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
    .execute();
  const days = [...new Set(taken.map((row) => row.day))];
  if (days.length === 0) return 0;
  const start = sql`(d.day::timestamp at time zone 'UTC')`;
  const end = sql`((d.day + 1)::timestamp at time zone 'UTC')`;
  const within = (column: string) => sql`${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}`;
  const revenue = sql`o.store_id = ${storeId} and o.currency = ${currency} and o.status in (${sql.join(REVENUE_STATUSES)}) and ${within('o.placed_at')}`;
  await sql`
    insert into analytics_daily (store_id, day, currency, members_joined, points_net, pending_net, points_issued, points_redeemed, rewards_issued,
      rewards_used, member_orders, member_repeat_orders, member_revenue_minor, guest_orders, guest_revenue_minor)
    select ${storeId}, d.day, ${currency},
      (select count(*) from customers c where c.store_id = ${storeId} and ${within('c.created_at')}),
      (select coalesce(sum(points), 0) from ledger_entries e where e.store_id = ${storeId} and ${within('e.created_at')}),
      (select coalesce(sum(pending_points), 0) from ledger_entries e where e.store_id = ${storeId} and ${within('e.created_at')}),
      (select coalesce(sum(lifetime_points) filter (where lifetime_points > 0), 0) from ledger_entries e where e.store_id = ${storeId} and ${within('e.created_at')}),
      (select coalesce(-sum(points) filter (where type in ('redemption', 'redemption_rollback')), 0) from ledger_entries e where e.store_id = ${storeId} and ${within('e.created_at')}),
      (select count(*) from rewards r where r.store_id = ${storeId} and ${within('r.created_at')}),
      (select count(*) from rewards r where r.store_id = ${storeId} and ${within('r.used_at')}),
      o.member_orders, o.member_repeat_orders, o.member_revenue, o.guest_orders, o.guest_revenue
    from unnest(${days}::date[]) d(day)
    cross join lateral (
      select count(*) filter (where o.customer_id is not null) as member_orders,
        count(*) filter (where o.customer_id is not null and exists (
          select 1 from orders p where p.store_id = o.store_id and p.customer_id = o.customer_id and p.status in (${sql.join(REVENUE_STATUSES)})
            and (p.placed_at, p.id) < (o.placed_at, o.id))) as member_repeat_orders,
        coalesce(sum(o.total_minor) filter (where o.customer_id is not null), 0) as member_revenue,
        count(*) filter (where o.customer_id is null) as guest_orders,
        coalesce(sum(o.total_minor) filter (where o.customer_id is null), 0) as guest_revenue
      from orders o where ${revenue}) o
    on conflict (store_id, day) do update set currency = excluded.currency, members_joined = excluded.members_joined,
      points_net = excluded.points_net, pending_net = excluded.pending_net,
      points_issued = excluded.points_issued, points_redeemed = excluded.points_redeemed, rewards_issued = excluded.rewards_issued,
      rewards_used = excluded.rewards_used, member_orders = excluded.member_orders, member_repeat_orders = excluded.member_repeat_orders,
      member_revenue_minor = excluded.member_revenue_minor, guest_orders = excluded.guest_orders, guest_revenue_minor = excluded.guest_revenue_minor`.execute(
    trx,
  );
  return days.length;
}

export interface RefreshResult {
  /** days recomputed */
  days: number;
  /** days still to recompute (a backlog larger than a reader may wait for, left to the maintenance job) */
  backlog: number;
}

/**
 * Brings rollups up to date: one store's for a reader, who waits for at most `maxDays` days (a
 * larger backlog, e.g. the history of a store that just arrived, is left to the maintenance
 * job and reported), or every store's, all of it, for the maintenance job. Days counted in
 * another currency than the store's now are recomputed too.
 */
export async function refreshRollups(db: Executor, options: { storeId?: number; maxDays?: number } = {}): Promise<RefreshResult> {
  const { storeId, maxDays = Infinity } = options;
  const stores = await db
    .selectFrom('stores')
    .select(['id', sql<string>`coalesce(nullif(settings->>'currency', ''), 'USD')`.as('currency')])
    .$if(storeId !== undefined, (query) => query.where('id', '=', storeId!))
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('analytics_dirty').select('day').whereRef('analytics_dirty.store_id', '=', 'stores.id')),
        eb.exists(
          eb
            .selectFrom('analytics_daily')
            .select('day')
            .whereRef('analytics_daily.store_id', '=', 'stores.id')
            .where(sql<boolean>`analytics_daily.currency <> coalesce(nullif(stores.settings->>'currency', ''), 'USD')`),
        ),
      ]),
    )
    .execute();
  const result: RefreshResult = { days: 0, backlog: 0 };
  for (const store of stores) {
    await sql`insert into analytics_dirty (store_id, day) select store_id, day from analytics_daily where store_id = ${store.id} and currency <> ${store.currency}`.execute(
      db,
    );
    const pending = await backlogOf(db, store.id);
    if (pending > maxDays) {
      result.backlog += pending;
      continue;
    }
    for (let step = -1; step !== 0;) {
      step = await inTransaction(db, (trx) => recomputeStep(trx, store.id, store.currency));
      result.days += step;
    }
  }
  return result;
}

/** How many distinct days of the store wait to be rolled up. */
export async function backlogOf(db: Executor, storeId: number): Promise<number> {
  const row = await db
    .selectFrom('analytics_dirty')
    .select(sql<string>`count(distinct day)`.as('days'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return toNumber(row.days);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The sums of the period's days (the period must start and end on UTC days). */
export async function rolledSums(db: Executor, storeId: number, period: Period): Promise<Sums> {
  const row = await db
    .selectFrom('analytics_daily')
    .select(SUM_KEYS.map((key) => sql<string>`coalesce(sum(${sql.ref(key)}), 0)`.as(key)))
    .where('store_id', '=', storeId)
    .where('day', '>=', dayOf(period.start))
    .where('day', '<', dayOf(period.end))
    .executeTakeFirstOrThrow();
  return sumsOf(row);
}

/** The sums of each bucket of the period (`bucket`: the ISO day the bucket starts). */
export async function rolledBuckets(db: Executor, storeId: number, period: Period): Promise<(Sums & { bucket: string })[]> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select([
      sql<string>`to_char(date_trunc(${period.granularity}, day::timestamp), 'YYYY-MM-DD')`.as('bucket'),
      ...SUM_KEYS.map((key) => sql<string>`coalesce(sum(${sql.ref(key)}), 0)`.as(key)),
    ])
    .where('store_id', '=', storeId)
    .where('day', '>=', dayOf(period.start))
    .where('day', '<', dayOf(period.end))
    .groupBy('bucket')
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, ...sumsOf(row) }));
}
