/**
 * The daily rollups (`analytics_daily`) and their member segments (`analytics_segments`):
 * recomputing the days the triggers marked dirty (the segments from the sources, each day's
 * figures as its segments' total), and reading a period's sums from the days. A recompute step takes its markers out first and recomputes in
 * the same transaction: a write committed before the take-out is in the recompute's snapshot, a
 * later one leaves a marker of its own; a second recompute waits on the taken markers and finds none.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import { inTransaction, type Executor } from '../../domain/ledger/index.ts';
import type { Period } from './period.ts';
import { REVENUE_STATUSES } from './sql.ts';
import type { AnalyticsDailyTable } from './tables.ts';

/** The additive figures of a span of days (the rollup's counted columns), from which every metric is derived. */
export type Sums = Omit<AnalyticsDailyTable, 'store_id' | 'day' | 'currency' | 'points_net' | 'pending_net' | 'points_expiring'>;
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
  'referral_invites',
  'referral_visits',
  'referral_claims',
  'referrals_completed',
] as const satisfies readonly (keyof Sums)[];

/** Every counted column of a day, `points_net` and `pending_net` (the balances' change) and `points_expiring` too. */
const SEGMENT_KEYS = [...SUM_KEYS, 'points_net', 'pending_net', 'points_expiring'] as const;

export const sumsOf = (row: Record<string, unknown>): Sums => Object.fromEntries(SUM_KEYS.map((key) => [key, toNumber(row[key])])) as unknown as Sums;

/** Days recomputed in one transaction: a long history is rolled up in steps that each stick. */
export const DAYS_PER_STEP = 31;

/** Recomputes the oldest marked days of one store (at most `daysPerStep`, in `currency`); returns how many. */
async function recomputeStep(trx: Executor, storeId: number, currency: string, daysPerStep = DAYS_PER_STEP): Promise<number> {
  const taken = await trx
    .deleteFrom('analytics_dirty')
    .where('store_id', '=', storeId)
    .where(sql<boolean>`day = any(array(select distinct day from analytics_dirty where store_id = ${storeId} order by day limit ${daysPerStep}))`)
    .returning(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
    .execute();
  const days = [...new Set(taken.map((row) => row.day))];
  if (days.length === 0) return 0;
  // PostgreSQL's planner prices these statements (a lateral join per day, a subquery per order) far
  // above what they cost, past jit_above_cost: compiling them took seconds where running them takes
  // milliseconds (EXPLAIN ANALYZE of one day of the scale store: 3.1 s of JIT, 93 ms without)
  await sql`set local jit = off`.execute(trx);
  await recomputeSegments(trx, storeId, currency, days);
  // the day's figures: its segments of any tag and channel (each customer's and guest's facts once)
  const columns = sql.join([...SEGMENT_KEYS].map((key) => sql.ref(key)));
  const totals = sql.join([...SEGMENT_KEYS].map((key) => sql`coalesce(sum(s.${sql.ref(key)}), 0)`));
  const updates = sql.join([...SEGMENT_KEYS, 'currency'].map((key) => sql`${sql.ref(key)} = excluded.${sql.ref(key)}`));
  await sql`
    insert into analytics_daily (store_id, day, currency, ${columns})
    select ${storeId}, d.day, ${currency}, ${totals}
    from unnest(${days}::date[]) d(day)
    left join analytics_segments s on s.store_id = ${storeId} and s.tag = '' and s.channel = '' and s.day = d.day
    group by d.day
    on conflict (store_id, day) do update set ${updates}`.execute(trx);
  return days.length;
}

/** The referral funnel's steps, as facts of the referrer: the table, the column dating the step, whether only completed referrals count. */
const FUNNEL_FACTS = [
  ['referral_invites', 'created_at', false],
  ['referral_visits', 'created_at', false],
  ['referrals', 'created_at', false],
  ['referrals', 'completed_at', true],
] as const;

/** `count` zero columns (a fact's figures it does not count). */
const zero = (count: number) => sql.raw(Array.from({ length: count }, () => '0').join(', '));
/** The column falls on the day `d` of the recompute. */
const ofDay = (column: string) => sql`${sql.ref(column)} >= d.start and ${sql.ref(column)} < d.stop`;

/**
 * The days' member segments (`analytics_segments`), replaced: each day's
 * facts (a customer joined; their entries, rewards issued and used; revenue orders in `currency`;
 * the unspent points of their batches expiring that day; the referral funnel's steps of their
 * referrals, as the referrer) per customer, then spread over the customer's segments as they are now — their tier and source,
 * '' and each of their tags, '' and each channel they ordered through (an order: its own channel).
 */
async function recomputeSegments(trx: Executor, storeId: number, currency: string, days: string[]): Promise<void> {
  await trx
    .deleteFrom('analytics_segments')
    .where('store_id', '=', storeId)
    .where(sql<boolean>`day = any(${days}::date[])`)
    .execute();
  await sql`
    insert into analytics_segments (store_id, tag, channel, day, tier, source, members_joined, points_net, pending_net, points_issued, points_redeemed,
      rewards_issued, rewards_used, member_orders, member_repeat_orders, member_revenue_minor, guest_orders, guest_revenue_minor, points_expiring,
      referral_invites, referral_visits, referral_claims, referrals_completed)
    with d as (
      select day, day::timestamp at time zone 'UTC' as start, (day + 1)::timestamp at time zone 'UTC' as stop from unnest(${days}::date[]) d(day)
    ), facts (day, customer_id, is_order, order_channel, joined, net, pending, issued, redeemed, rewards_issued, rewards_used,
        member_orders, member_repeat_orders, member_revenue, guest_orders, guest_revenue, expiring, invites, visits, claims, completed) as (
      select d.day, c.id, false, null::text, count(*), ${zero(16)}
      from d join customers c on c.store_id = ${storeId} and ${ofDay('c.created_at')} group by d.day, c.id
      union all
      select d.day, e.customer_id, false, null, 0, sum(e.points), sum(e.pending_points),
        coalesce(sum(e.lifetime_points) filter (where e.lifetime_points > 0), 0),
        coalesce(-sum(e.points) filter (where e.type in ('redemption', 'redemption_rollback')), 0), ${zero(12)}
      from d join ledger_entries e on e.store_id = ${storeId} and ${ofDay('e.created_at')} group by d.day, e.customer_id
      union all
      select d.day, r.customer_id, false, null, ${zero(5)}, count(*), ${zero(11)}
      from d join rewards r on r.store_id = ${storeId} and ${ofDay('r.created_at')} group by d.day, r.customer_id
      union all
      select d.day, r.customer_id, false, null, ${zero(6)}, count(*), ${zero(10)}
      from d join rewards r on r.store_id = ${storeId} and ${ofDay('r.used_at')} group by d.day, r.customer_id
      union all
      select d.day, o.customer_id, true, o.channel, ${zero(7)},
        count(*) filter (where o.customer_id is not null),
        count(*) filter (where o.customer_id is not null and exists (
          select 1 from orders p where p.store_id = o.store_id and p.customer_id = o.customer_id and p.status in (${sql.join(REVENUE_STATUSES)})
            and (p.placed_at, p.id) < (o.placed_at, o.id))),
        coalesce(sum(o.total_minor) filter (where o.customer_id is not null), 0),
        count(*) filter (where o.customer_id is null),
        coalesce(sum(o.total_minor) filter (where o.customer_id is null), 0), ${zero(5)}
      from d join orders o on o.store_id = ${storeId} and o.currency = ${currency} and o.status in (${sql.join(REVENUE_STATUSES)}) and ${ofDay('o.placed_at')}
      group by d.day, o.customer_id, o.channel
      union all
      select d.day, b.customer_id, false, null, ${zero(12)}, sum(b.remaining), ${zero(4)}
      from d join points_batches b on b.store_id = ${storeId} and b.remaining > 0 and ${ofDay('b.expires_at')} group by d.day, b.customer_id
      ${sql.join(
        FUNNEL_FACTS.map(
          ([table, column, completed], step) => sql`union all
            select d.day, f.referrer_id, false, null, ${zero(13 + step)}, count(*)${step < 3 ? sql`, ${zero(3 - step)}` : sql``}
            from d join ${sql.table(table)} f on f.store_id = ${storeId}${completed ? sql` and f.state = 'completed'` : sql``} and ${ofDay(`f.${column}`)}
            group by d.day, f.referrer_id`,
        ),
        sql` `,
      )}
    ), people as (
      select c.id, coalesce(c.vip_tier, '') as tier, coalesce(c.source, '') as source,
        array(select ct.tag from customer_tags ct where ct.store_id = ${storeId} and ct.customer_id = c.id and ct.tag <> '') as tags,
        array(select distinct o.channel from orders o where o.store_id = ${storeId} and o.customer_id = c.id and o.channel <> '') as channels
      from customers c where c.store_id = ${storeId} and c.id in (select customer_id from facts)
    )
    select ${storeId}, t.tag, ch.channel, f.day, coalesce(p.tier, ''), coalesce(p.source, ''), sum(f.joined), sum(f.net), sum(f.pending), sum(f.issued),
      sum(f.redeemed), sum(f.rewards_issued), sum(f.rewards_used), sum(f.member_orders), sum(f.member_repeat_orders), sum(f.member_revenue),
      sum(f.guest_orders), sum(f.guest_revenue), sum(f.expiring), sum(f.invites), sum(f.visits), sum(f.claims), sum(f.completed)
    from facts f left join people p on p.id = f.customer_id
    cross join lateral unnest(array['']::text[] || coalesce(p.tags, '{}')) t(tag)
    cross join lateral unnest(array['']::text[] || case when not f.is_order then coalesce(p.channels, '{}')
      when f.order_channel <> '' then array[f.order_channel] else '{}' end) ch(channel)
    group by t.tag, ch.channel, f.day, coalesce(p.tier, ''), coalesce(p.source, '')`.execute(trx);
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
 * another currency than the store's now are recomputed too. Each transaction recomputes at most
 * `daysPerStep` days (DAYS_PER_STEP unless given): a larger step rolls a long history up in fewer
 * statements, holding its markers longer.
 */
export async function refreshRollups(db: Executor, options: { storeId?: number; maxDays?: number; daysPerStep?: number } = {}): Promise<RefreshResult> {
  const { storeId, maxDays = Infinity, daysPerStep = DAYS_PER_STEP } = options;
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
      step = await inTransaction(db, (trx) => recomputeStep(trx, store.id, store.currency, daysPerStep));
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
