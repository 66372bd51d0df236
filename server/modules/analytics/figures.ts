/**
 * The dashboard's headline figures: the last 30 days (today included) against the 30 before, picked from the
 * analytics figures of those two periods (the same SQL aggregates, one definition of each).
 */
import type { Executor } from '../../domain/ledger/index.ts';
import { freshenRollups, periodMetrics, type PeriodMetrics } from './metrics.ts';
import { isoDay, periodOf, previousPeriod } from './period.ts';
import { storeCurrency } from '../stores/index.ts';

export const FIGURE_KEYS = ['members', 'points_issued', 'points_redeemed', 'rewards_used', 'member_revenue_minor'] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export type Figures = Record<FigureKey, number>;

export interface HeadlineFigures {
  /** the period's first and last instant, ISO */
  period: { from: string; to: string };
  current: Figures;
  previous: Figures;
  /** the currency of `member_revenue_minor` (the store's; orders in other currencies are left out) */
  currency: string;
  /** days of the store's history still being rolled up */
  preparing_days: number;
}

const DAY_MS = 86_400_000;
export const PERIOD_DAYS = 30;

/** The dashboard's five of the analytics figures. */
const figures = (metrics: PeriodMetrics): Figures => ({
  members: metrics.members_joined,
  points_issued: metrics.points_issued,
  points_redeemed: metrics.points_redeemed,
  rewards_used: metrics.rewards_used,
  member_revenue_minor: metrics.member_revenue_minor,
});

export async function headlineFigures(db: Executor, storeId: number, now: Date): Promise<HeadlineFigures> {
  // today and the 29 days before, in whole UTC days as analytics counts them
  const current = periodOf(isoDay(new Date(now.getTime() - (PERIOD_DAYS - 1) * DAY_MS)), isoDay(now));
  const previous = previousPeriod(current);
  const [currency, preparing] = await Promise.all([storeCurrency(db, storeId), freshenRollups(db, storeId)]);
  const [now30, before30] = await Promise.all([periodMetrics(db, storeId, current, null), periodMetrics(db, storeId, previous, null)]);
  return {
    period: { from: current.start.toISOString(), to: current.end.toISOString() },
    current: figures(now30),
    previous: figures(before30),
    currency,
    preparing_days: preparing,
  };
}
