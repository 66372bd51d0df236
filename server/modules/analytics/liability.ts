/**
 * Outstanding points liability: what the members' unredeemed points would cost the store if
 * they were all spent at the best rate a way to redeem offers, and how much of it expires within
 * 90 days, to the end of the 90th day (UTC) (points expire before they are spent, so that part will
 * most likely never cost anything).
 * The balances and the expiring points are added up from the daily rollups or a filter's segments
 * (call `freshenRollups` first), so a refund's clawback below zero lowers the total as it lowers
 * what members can spend.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { liveExpiring } from './live.ts';
import { segmentBalance, segmentExpiring } from './segments.ts';
import type { MemberFilter } from './sql.ts';

export interface Liability {
  outstanding_points: number;
  pending_points: number;
  expiring_points_90d: number;
  /** minor units of currency one point is worth, from `point_value_rule`; null when no way to redeem gives points a money value */
  point_value_minor: number | null;
  /** that way to redeem: its title, what it costs in points and the discount it gives (minor units); formatted where it is shown */
  point_value_rule: { title: string; points_cost: number; discount_minor: number } | null;
  liability_minor: number | null;
  /** the liability without the points that expire within 90 days */
  liability_after_expiry_minor: number | null;
}

const DAY_MS = 86_400_000;
export const EXPIRY_HORIZON_DAYS = 90;

const nextDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** The end of the 90th day from `now` (UTC): expiry is counted in whole days. */
export const expiryHorizon = (now: Date) => nextDay(new Date(now.getTime() + EXPIRY_HORIZON_DAYS * DAY_MS));

/**
 * The unspent points of the filter's members' batches (the store's without a filter) expiring
 * after `now` and before `horizon` (a UTC midnight): the whole days from the rollups or the
 * filter's segments (`points_expiring`, call `freshenRollups` first), the rest of today from the
 * batches (one day of expiries).
 */
export async function expiringPoints(db: Executor, storeId: number, now: Date, horizon: Date, filter: MemberFilter | null): Promise<number> {
  const tomorrow = nextDay(now);
  const [rolled, today] = await Promise.all([
    filter === null
      ? db
          .selectFrom('analytics_daily')
          .select(sql<string>`coalesce(sum(points_expiring), 0)`.as('points'))
          .where('store_id', '=', storeId)
          .where('day', '>=', dayOf(tomorrow))
          .where('day', '<', dayOf(horizon))
          .executeTakeFirstOrThrow()
          .then((row) => toNumber(row.points))
      : segmentExpiring(db, storeId, dayOf(tomorrow), dayOf(horizon), filter),
    liveExpiring(db, storeId, now, tomorrow, filter),
  ]);
  return rolled + today;
}

export async function outstandingLiability(db: Executor, storeId: number, now: Date, filter: MemberFilter | null): Promise<Liability> {
  const [accounts, expiring, best] = await Promise.all([
    // every balance added up: from the daily rollups, or the filtered members' segments
    filter === null
      ? db
          .selectFrom('analytics_daily')
          .select([sql<string>`coalesce(sum(points_net), 0)`.as('balance'), sql<string>`coalesce(sum(pending_net), 0)`.as('pending')])
          .where('store_id', '=', storeId)
          .executeTakeFirstOrThrow()
      : segmentBalance(db, storeId, filter),
    expiringPoints(db, storeId, now, expiryHorizon(now), filter),
    // the rule that gives the most money per point: what a point can cost the store at worst
    db
      .selectFrom('redeem_rules')
      .select(['title', 'points_cost', 'discount_value'])
      .where('store_id', '=', storeId)
      .where('status', '=', 'active')
      .where('type', '=', 'fixed_amount')
      .where('points_cost', '>', 0)
      .orderBy(sql`discount_value::float / points_cost`, 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const outstanding = Math.max(0, toNumber(accounts.balance));
  const expiring90d = Math.min(expiring, outstanding);
  const value = best ? best.discount_value / best.points_cost : null;
  const money = (points: number) => (value === null ? null : Math.round(points * value));
  return {
    outstanding_points: outstanding,
    pending_points: toNumber(accounts.pending),
    expiring_points_90d: expiring90d,
    point_value_minor: value,
    point_value_rule: best ? { title: best.title, points_cost: best.points_cost, discount_minor: best.discount_value } : null,
    liability_minor: money(outstanding),
    liability_after_expiry_minor: money(outstanding - expiring90d),
  };
}
