import { sql, type RawBuilder } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { Simulation, SimulateBody, TierBasis } from './contract.ts';
import { checkLadder, entryRewardOf, loadLadder, periodStart, withTier, type Settings, type TierWithPerks } from './ladder.ts';
import { COUNTED_ORDER_STATUSES, FIGURES_SOURCE } from './figures.ts';

interface ProposedTier {
  id?: number | undefined;
  name: string;
  threshold: number;
  entryReward: number;
  perks: string[];
}

const perkKinds = (tier: TierWithPerks | undefined) => tier?.perks.map((perk) => perk.kind) ?? [];

function proposal(current: TierWithPerks[], body: SimulateBody): ProposedTier[] {
  const fromCurrent = (tier: { id?: number | undefined; name: string; threshold: number }): ProposedTier => {
    const own = current.find((existing) => existing.id === tier.id);
    return { ...tier, entryReward: entryRewardOf(own), perks: perkKinds(own) };
  };
  let ladder: ProposedTier[] = body.tiers ? (checkLadder(body.tiers), body.tiers.map(fromCurrent)) : current.map(fromCurrent);
  if (body.delete_tier_id !== undefined) ladder = ladder.filter((tier) => tier.id !== body.delete_tier_id);
  if (body.tier) {
    const { tier } = body;
    const proposed = fromCurrent({ id: tier.id, name: tier.name, threshold: tier.threshold });
    if (tier.perks) {
      proposed.entryReward = tier.perks.find((perk) => perk.kind === 'entry_reward')?.points ?? 0;
      proposed.perks = tier.perks.map((perk) => perk.kind);
    }
    ladder = withTier(ladder, proposed);
  }
  return ladder;
}

/** `case when metric >= highest then n-1 … else -1 end`: the index of the tier a metric reaches. */
function placement(metric: RawBuilder<unknown>, ladder: ProposedTier[]): RawBuilder<number> {
  if (ladder.length === 0) return sql<number>`-1`;
  const whens = ladder.map((tier, index) => sql`when ${metric} >= ${sql.lit(tier.threshold)} then ${sql.lit(index)}`).toReversed();
  return sql<number>`case ${sql.join(whens, sql` `)} else -1 end`;
}

const COLUMN: Record<TierBasis, string> = { points: 'points', spent: 'spent_minor', orders: 'orders' };

type Group = { tier_id: number | null; target: number; n: number | string };

/**
 * The stored figures grouped by tier and target from the members' rows alone, when the store has
 * no deleted customer to leave out (`customers_deleted_idx` answers that at once): customers
 * without a row yet count as a zero figure and no tier. Null when a join with customers is needed.
 */
async function storedGroups(db: Executor, storeId: number, target: RawBuilder<number>, ladder: ProposedTier[]): Promise<Group[] | null> {
  const deleted = await db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('deleted_at', 'is not', null).limit(1).executeTakeFirst();
  if (deleted) return null;
  const [{ rows }, customers] = await Promise.all([
    sql<Group>`select f.tier_id, ${target} as target, count(*) as n
      from (select tier_id, points, spent_minor, orders from vip_members where store_id = ${storeId}) f group by 1, 2`.execute(db),
    db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
  ]);
  const members = rows.reduce((sum, row) => sum + toNumber(row.n), 0);
  const missing = toNumber(customers.n) - members;
  if (missing > 0) rows.push({ tier_id: null, target: ladder.findLastIndex((tier) => tier.threshold <= 0), n: missing });
  return rows;
}

/**
 * How the store's members would move under a proposed ladder or settings, computed on the server
 * from real data with one aggregate: from each member's stored figures, or — when the period
 * changes — measured again for the new period from the day figures of `vip_figures`, kept by
 * triggers (a store without tiers yet has none, nor one whose new basis is measured on the other
 * source: from the ledger and the orders). Nothing is written.
 */
export async function simulate(db: Executor, storeId: number, body: SimulateBody, now: Date): Promise<Simulation> {
  const current = await loadLadder(db, storeId);
  const settings: Settings = body.settings ?? current.settings;
  const ladder = proposal(current.tiers, body);
  // stored figures exist once the store has tiers (saving one measures every customer), and so do the day figures,
  // of the current basis' source only: a basis measured on the other source counts from history
  const kept = current.tiers.length > 0 && FIGURES_SOURCE[settings.basis] === FIGURES_SOURCE[current.settings.basis];
  const stored = settings.period === current.settings.period && kept;
  const metric = sql.raw(`f.${COLUMN[settings.basis]}`);
  const target = placement(metric, ladder);
  const since = periodStart(settings.period, now) ?? new Date(0);
  const figures = stored
    ? sql`select c.id, coalesce(m.points, 0) as points, coalesce(m.spent_minor, 0) as spent_minor, coalesce(m.orders, 0) as orders, m.tier_id
        from customers c left join vip_members m on m.store_id = c.store_id and m.customer_id = c.id
        where c.store_id = ${storeId} and c.deleted_at is null`
    : kept
      ? sql`select c.id, coalesce(d.points, 0) as points, coalesce(d.spent_minor, 0) as spent_minor, coalesce(d.orders, 0) as orders, m.tier_id
        from customers c
        left join vip_members m on m.store_id = c.store_id and m.customer_id = c.id
        left join (select customer_id, sum(points) as points, sum(spent_minor) as spent_minor, sum(orders) as orders from vip_figures
          where store_id = ${storeId} and day >= ${since.toISOString().slice(0, 10)}::date group by customer_id) d on d.customer_id = c.id
        where c.store_id = ${storeId} and c.deleted_at is null`
      : sql`select c.id, coalesce(p.points, 0) as points, coalesce(o.spent, 0) as spent_minor, coalesce(o.n, 0) as orders, m.tier_id
        from customers c
        left join vip_members m on m.store_id = c.store_id and m.customer_id = c.id
        left join (select customer_id, sum(lifetime_points) as points from ledger_entries
          where store_id = ${storeId} and type <> 'tier_reward' and created_at >= ${since} group by customer_id) p on p.customer_id = c.id
        left join (select customer_id, sum(total_minor) as spent, count(*) as n from orders
          where store_id = ${storeId} and status in (${sql.join(COUNTED_ORDER_STATUSES)}) and placed_at >= ${since} group by customer_id) o on o.customer_id = c.id
        where c.store_id = ${storeId} and c.deleted_at is null`;
  const rows = stored ? await storedGroups(db, storeId, target, ladder) : null;
  const grouped =
    rows ??
    (
      await sql<{ tier_id: number | null; target: number; n: number | string }>`
    select f.tier_id, ${target} as target, count(*) as n from (${figures}) f group by 1, 2`.execute(db)
    ).rows;
  const result: Simulation = {
    members: 0,
    moved_up: 0,
    moved_down: 0,
    unchanged: 0,
    downs_wait_for_period_end: settings.fall_below === 'keep_until_period_end',
    entry_reward_points: 0,
    tiers: ladder.map((tier) => ({
      id: tier.id ?? null,
      name: tier.name,
      threshold: tier.threshold,
      before: 0,
      after: 0,
      entry_reward: tier.entryReward,
      perks: tier.perks,
    })),
    figures: stored ? 'stored' : 'measured',
  };
  for (const row of grouped) {
    const n = toNumber(row.n);
    const tierId = row.tier_id === null ? null : toNumber(row.tier_id);
    const to = ladder[toNumber(row.target)];
    const fromIndex = ladder.findIndex((tier) => tier.id !== undefined && tier.id === tierId);
    const from = current.tiers.find((tier) => tier.id === tierId);
    result.members += n;
    if (fromIndex >= 0) result.tiers[fromIndex]!.before += n;
    if (to) result.tiers[toNumber(row.target)]!.after += n;
    // a proposed new tier (no id yet) is never where anyone is now
    if (to ? to.id !== undefined && to.id === tierId : tierId === null) {
      result.unchanged += n;
      continue;
    }
    const fromThreshold = fromIndex >= 0 ? ladder[fromIndex]!.threshold : (from?.threshold ?? -1);
    if ((to?.threshold ?? -1) > fromThreshold) {
      result.moved_up += n;
      result.entry_reward_points += n * (to?.entryReward ?? 0);
    } else result.moved_down += n;
  }
  return result;
}
