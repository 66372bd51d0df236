import type { MemberTierProgress, TierBasis, VipTierInfo } from '../../../renderers/context.ts';
import type { PointsWords } from '../../../renderers/format/index.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { describeDiscount, discountsOfTier } from './discounts.ts';
import { FIGURES_SOURCE, measure } from './figures.ts';
import { describePerk, loadLadder, loadSettings, metricOf, periodStart, type Ladder } from './ladder.ts';

/** Tier activity (vip/activity), newest first: the store's, or one customer's. */
export async function listTierActivity(db: Executor, storeId: number, options: { customerId?: number | undefined; limit: number; offset: number }) {
  let query = db
    .selectFrom('vip_activity as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .selectAll('a')
    .select(['c.email', 'c.first_name', 'c.last_name'])
    .where('a.store_id', '=', storeId);
  if (options.customerId !== undefined) query = query.where('a.customer_id', '=', options.customerId);
  const [rows, total] = await Promise.all([
    query.orderBy('a.id', 'desc').limit(options.limit).offset(options.offset).execute(),
    (options.customerId === undefined
      ? db.selectFrom('vip_activity').where('store_id', '=', storeId)
      : db.selectFrom('vip_activity').where('store_id', '=', storeId).where('customer_id', '=', options.customerId)
    )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * The members of one tier (or without a tier: `null`), by customer id, with their figures of the
 * period: the ones their tier is measured on as stored, the others (not kept for the store's
 * basis) measured for the page from the ledger or the orders.
 */
export async function listTierGroup(db: Executor, storeId: number, tierId: number | null, options: { limit: number; offset: number; now: Date }) {
  let query = db
    .selectFrom('vip_members as m')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .where('m.store_id', '=', storeId)
    .where('c.deleted_at', 'is', null);
  query = tierId === null ? query.where('m.tier_id', 'is', null) : query.where('m.tier_id', '=', tierId);
  const [rows, total, settings] = await Promise.all([
    query
      .select(['c.id', 'c.email', 'c.first_name', 'c.last_name', 'm.points', 'm.spent_minor', 'm.orders', 'm.tier_since'])
      .orderBy('c.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    loadSettings(db, storeId),
  ]);
  const kept = FIGURES_SOURCE[settings.basis];
  const measured = await measure(
    db,
    storeId,
    rows.map((row) => row.id),
    periodStart(settings.period, options.now),
    [kept === 'ledger' ? 'orders' : 'ledger'],
  );
  const withFigures = rows.map((row) => {
    const other = measured.get(row.id)!;
    return kept === 'ledger' ? { ...row, spent_minor: other.spent_minor, orders: other.orders } : { ...row, points: other.points };
  });
  return { rows: withFigures, total: Number(total.n) };
}

/** The tiers as the storefront draws them, thresholds in the store's basis. */
export function tierInfos(ladder: Ladder, words: PointsWords, discounts: Map<number, string[]> = new Map()): VipTierInfo[] {
  return ladder.tiers.map((tier) => ({
    id: String(tier.id),
    name: tier.name,
    threshold: tier.threshold,
    perks: [...tier.perks.filter((perk) => perk.kind !== 'entry_reward').map((perk) => describePerk(perk, words)), ...(discounts.get(tier.id) ?? [])],
    rewards: tier.perks.filter((perk) => perk.kind === 'entry_reward').map((perk) => describePerk(perk, words)),
  }));
}

/** The store's tiers for shoppers, each with its perks and active automatic discounts, and what they are measured on. */
export async function programTiers(
  db: Executor,
  storeId: number,
  words: PointsWords,
  currency: string,
  now: Date,
): Promise<{ tiers: VipTierInfo[]; basis: TierBasis }> {
  const ladder = await loadLadder(db, storeId);
  if (!ladder.settings.enabled) return { tiers: [], basis: ladder.settings.basis };
  const discounts = new Map<number, string[]>();
  for (const tier of ladder.tiers)
    discounts.set(
      tier.id,
      (await discountsOfTier(db, storeId, tier.id, now)).map((discount) => describeDiscount(discount, currency)),
    );
  return { tiers: tierInfos(ladder, words, discounts), basis: ladder.settings.basis };
}

export interface MemberTier {
  tier_id: number | null;
  tier: string | null;
  since: string | null;
  basis: Ladder['settings']['basis'];
  /** the figure the tier is measured on, in the period */
  value: number;
  next: { id: number; name: string; threshold: number; left: number } | null;
  progress: number;
}

/** A member's tier, the figure it rests on and what is left to the next tier. */
export async function memberTier(db: Executor, storeId: number, customerId: number): Promise<MemberTier> {
  const ladder = await loadLadder(db, storeId);
  const member = await db.selectFrom('vip_members').selectAll().where('store_id', '=', storeId).where('customer_id', '=', customerId).executeTakeFirst();
  const value = member ? metricOf(ladder.settings.basis, member) : 0;
  const current = ladder.tiers.find((tier) => tier.id === member?.tier_id) ?? null;
  const next = ladder.tiers.find((tier) => tier.threshold > Math.max(value, current?.threshold ?? -1)) ?? null;
  const base = current?.threshold ?? 0;
  const progress = next ? Math.max(0, Math.min(1, (value - base) / Math.max(1, next.threshold - base))) : 1;
  return {
    tier_id: current?.id ?? null,
    tier: current?.name ?? null,
    since: member?.tier_since?.toISOString() ?? null,
    basis: ladder.settings.basis,
    value,
    next: next ? { id: next.id, name: next.name, threshold: next.threshold, left: Math.max(0, next.threshold - value) } : null,
    progress,
  };
}

/** The renderers' tier progress of a member (`pointsToNext` in the store's basis). */
export async function memberTierProgress(db: Executor, storeId: number, customerId: number): Promise<MemberTierProgress> {
  const tier = await memberTier(db, storeId, customerId);
  return {
    ...(tier.tier ? { current: tier.tier } : {}),
    ...(tier.next ? { next: tier.next.name, pointsToNext: tier.next.left } : {}),
    basis: tier.basis,
    progress: tier.tier || tier.next ? tier.progress : 0,
  };
}
