/**
 * The dashboard's headline figures: the last 30 days against the 30 before, each one SQL
 * aggregate per table over both periods (no rows loaded into Node).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../ledger/index.ts';
import { toNumber } from '../../db/normalize.ts';

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
}

const DAY_MS = 86_400_000;
export const PERIOD_DAYS = 30;

/** Orders that brought money in (a partly refunded order still did). */
const REVENUE_STATUSES = ['paid', 'partially_refunded'];

const inPeriod = (column: string, from: Date, to: Date) => sql`${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}`;
const countWhere = (condition: RawBuilder<unknown>) => sql<string>`count(*) filter (where ${condition})`;
const sumWhere = (value: RawBuilder<unknown>, condition: RawBuilder<unknown>) => sql<string>`coalesce(sum(${value}) filter (where ${condition}), 0)`;

export async function headlineFigures(db: Executor, storeId: number, now: Date): Promise<HeadlineFigures> {
  const to = now;
  const from = new Date(now.getTime() - PERIOD_DAYS * DAY_MS);
  const before = new Date(now.getTime() - 2 * PERIOD_DAYS * DAY_MS);
  const store = await db.selectFrom('stores').select('settings').where('id', '=', storeId).executeTakeFirstOrThrow();
  const currency = (store.settings as { currency?: string }).currency || 'USD';
  const periods = [
    ['current', from, to],
    ['previous', before, from],
  ] as const;

  const [members, ledger, rewards, revenue] = await Promise.all([
    db
      .selectFrom('customers')
      .select(periods.map(([name, a, b]) => countWhere(inPeriod('created_at', a, b)).as(name)))
      .where('store_id', '=', storeId)
      .where('created_at', '>=', before)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries')
      .select(
        periods.flatMap(([name, a, b]) => [
          // points earned count once, when they first reach the lifetime total (pending included)
          sumWhere(sql`lifetime_points`, sql`lifetime_points > 0 and ${inPeriod('created_at', a, b)}`).as(`${name}_issued`),
          // a rolled-back redemption gives its points back
          sumWhere(sql`-points`, sql`type in ('redemption', 'redemption_rollback') and ${inPeriod('created_at', a, b)}`).as(`${name}_redeemed`),
        ]),
      )
      .where('store_id', '=', storeId)
      .where('created_at', '>=', before)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rewards')
      .select(periods.map(([name, a, b]) => countWhere(inPeriod('used_at', a, b)).as(name)))
      .where('store_id', '=', storeId)
      .where('used_at', '>=', before)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select(periods.map(([name, a, b]) => sumWhere(sql`total_minor`, inPeriod('placed_at', a, b)).as(name)))
      .where('store_id', '=', storeId)
      .where('customer_id', 'is not', null)
      .where('currency', '=', currency)
      .where('status', 'in', REVENUE_STATUSES)
      .where('placed_at', '>=', before)
      .executeTakeFirstOrThrow(),
  ]);
  const figures = (name: 'current' | 'previous'): Figures => ({
    members: toNumber(members[name]),
    points_issued: toNumber(ledger[`${name}_issued`]),
    points_redeemed: toNumber(ledger[`${name}_redeemed`]),
    rewards_used: toNumber(rewards[name]),
    member_revenue_minor: toNumber(revenue[name]),
  });
  return { period: { from: from.toISOString(), to: to.toISOString() }, current: figures('current'), previous: figures('previous'), currency };
}
