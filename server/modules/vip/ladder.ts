import type { Executor } from '../../domain/ledger/index.ts';
import { formatPoints, pointsLabelFor, type PointsWords } from '../../../renderers/format/index.ts';
import { DEFAULT_WORDS } from '../stores/index.ts';
import type { TierBasis, TierPeriod } from './contract.ts';
import type { VipPerk, VipSettings, VipTier } from './tables.ts';

const YEAR = 365 * 86_400_000;

/** A refusal of the tier rules, with the field it concerns (routes answer 422 or 404). */
export class VipError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export type Settings = Pick<VipSettings, 'enabled' | 'basis' | 'period' | 'fall_below'>;
export const DEFAULT_SETTINGS: Settings = { enabled: true, basis: 'points', period: 'lifetime', fall_below: 'keep_until_period_end' };

export type TierWithPerks = VipTier & { perks: VipPerk[] };

/** The store's settings and tiers (lowest threshold first), each with its perks. */
export interface Ladder {
  settings: Settings;
  tiers: TierWithPerks[];
}

export async function loadSettings(db: Executor, storeId: number): Promise<Settings> {
  const row = await db.selectFrom('vip_settings').select(['enabled', 'basis', 'period', 'fall_below']).where('store_id', '=', storeId).executeTakeFirst();
  return row ?? DEFAULT_SETTINGS;
}

export async function loadLadder(db: Executor, storeId: number): Promise<Ladder> {
  const [settings, tiers, perks] = await Promise.all([
    loadSettings(db, storeId),
    db.selectFrom('vip_tiers').selectAll().where('store_id', '=', storeId).orderBy('threshold').execute(),
    db.selectFrom('vip_perks').selectAll().where('store_id', '=', storeId).orderBy('id').execute(),
  ]);
  return { settings, tiers: tiers.map((tier) => ({ ...tier, perks: perks.filter((perk) => perk.tier_id === tier.id) })) };
}

/**
 * Where the current period began, always at the start of a UTC day (the stored figures are per
 * day): nothing for lifetime, the day a year back for rolling, 1 January for the calendar year.
 */
export function periodStart(period: TierPeriod, now: Date): Date | null {
  if (period === 'lifetime') return null;
  if (period === 'rolling_12_months') {
    const yearBack = new Date(now.getTime() - YEAR);
    return new Date(Date.UTC(yearBack.getUTCFullYear(), yearBack.getUTCMonth(), yearBack.getUTCDate()));
  }
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}

/** The key of the period an entry reward is given once in. */
export function periodKey(period: TierPeriod, now: Date): string {
  return period === 'lifetime' ? 'lifetime' : String(now.getUTCFullYear());
}

export interface Figures {
  points: number;
  spent_minor: number;
  orders: number;
}

/** The figure each basis measures a member by. */
export const METRIC_FIGURE = { points: 'points', spent: 'spent_minor', orders: 'orders' } as const satisfies Record<TierBasis, keyof Figures>;

export function metricOf(basis: TierBasis, figures: Figures): number {
  return figures[METRIC_FIGURE[basis]];
}

/** The highest tier whose threshold the metric reaches (tiers lowest first), or none. */
export function tierFor<T extends { threshold: number }>(tiers: T[], metric: number): T | null {
  let found: T | null = null;
  for (const tier of tiers) if (metric >= tier.threshold) found = tier;
  return found;
}

/** A ladder must climb: a name each, thresholds strictly increasing in the order given. */
export function checkLadder(tiers: Array<{ name: string; threshold: number }>, field = 'tiers'): void {
  const names = new Set<string>();
  tiers.forEach((tier, index) => {
    if (tier.name.trim() === '') throw new VipError(422, 'Every tier needs a name.', 'validation_failed', `${field}.${index}.name`);
    const name = tier.name.trim().toLowerCase();
    if (names.has(name)) throw new VipError(422, `Two tiers are named "${tier.name}".`, 'validation_failed', `${field}.${index}.name`);
    names.add(name);
    const before = tiers[index - 1];
    if (before && tier.threshold === before.threshold)
      throw new VipError(
        422,
        `"${tier.name}" overlaps "${before.name}": each tier needs its own threshold.`,
        'validation_failed',
        `${field}.${index}.threshold`,
      );
    if (before && tier.threshold < before.threshold)
      throw new VipError(
        422,
        `Thresholds must increase from one tier to the next: "${tier.name}" is below "${before.name}".`,
        'validation_failed',
        `${field}.${index}.threshold`,
      );
  });
}

/** The ladder with one tier added or changed (sorted), refused when it overlaps another. */
export function withTier<T extends { id?: number | undefined; name: string; threshold: number }>(current: T[], tier: T, field = 'threshold'): T[] {
  const others = current.filter((existing) => tier.id === undefined || existing.id !== tier.id);
  const clash = others.find((existing) => existing.threshold === tier.threshold);
  if (clash) throw new VipError(422, `The threshold overlaps "${clash.name}": each tier needs its own threshold.`, 'validation_failed', field);
  const sameName = others.find((existing) => existing.name.trim().toLowerCase() === tier.name.trim().toLowerCase());
  if (sameName) throw new VipError(422, `A tier is already named "${sameName.name}".`, 'validation_failed', 'name');
  return [...others, tier].sort((a, b) => a.threshold - b.threshold);
}

export const multiplierOf = (tier: TierWithPerks | null | undefined): number => Number(tier?.perks.find((perk) => perk.kind === 'multiplier')?.multiplier ?? 1);
export const entryRewardOf = (tier: TierWithPerks | null | undefined): number => tier?.perks.find((perk) => perk.kind === 'entry_reward')?.points ?? 0;

/** What a perk gives, in a line for shoppers and the console. */
export function describePerk(perk: VipPerk, words: PointsWords = DEFAULT_WORDS): string {
  if (perk.title) return perk.title;
  const counted = (points: number | null, adjective: string) => `${formatPoints(points ?? 0)} ${adjective} ${pointsLabelFor(points ?? 0, words)}`;
  switch (perk.kind) {
    case 'multiplier':
      return `Earn ${Number(perk.multiplier)}× ${pointsLabelFor(2, words)}`;
    case 'entry_reward':
      return `${counted(perk.points, 'bonus')} on reaching the tier`;
    case 'birthday_bonus':
      return `${counted(perk.points, 'extra')} on your birthday`;
    case 'free_shipping':
      return 'Free shipping';
    case 'exclusive_redeem':
      return 'Exclusive reward';
    default:
      return 'Perk';
  }
}
