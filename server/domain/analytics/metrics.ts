/**
 * The analytics figures of one period (and of the period before, for comparison), each an SQL
 * aggregate: members, points issued and redeemed with the redemption rate, rewards, members'
 * and guests' orders, revenue and average order value, and the members' repeat purchase rate.
 * Revenue counts the orders in the store's currency; `tag` narrows every member figure.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import type { Period } from './period.ts';
import { countWhere, inPeriod, REVENUE_STATUSES, sumWhere, taggedCustomer } from './sql.ts';

export interface PeriodMetrics {
  members_joined: number;
  points_issued: number;
  points_redeemed: number;
  /** redeemed ÷ issued in the period; null when nothing was issued */
  redemption_rate: number | null;
  rewards_issued: number;
  rewards_used: number;
  member_orders: number;
  member_revenue_minor: number;
  member_aov_minor: number | null;
  guest_orders: number;
  guest_revenue_minor: number;
  guest_aov_minor: number | null;
  /** of the members who ordered in the period, the share who ordered at least twice; null when none ordered */
  repeat_rate: number | null;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const aov = (revenue: number, count: number) => (count === 0 ? null : Math.round(revenue / count));

export async function periodMetrics(db: Executor, storeId: number, period: Period, currency: string, tag: string | null): Promise<PeriodMetrics> {
  const [members, ledger, rewards, orders, repeat] = await Promise.all([
    db
      .selectFrom('customers')
      .select(countWhere(inPeriod('created_at', period)).as('joined'))
      .where('store_id', '=', storeId)
      .where(taggedCustomer('customers.id', tag))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries')
      .select([
        sumWhere(sql`lifetime_points`, sql`lifetime_points > 0`).as('issued'),
        sumWhere(sql`-points`, sql`type in ('redemption', 'redemption_rollback')`).as('redeemed'),
      ])
      .where('store_id', '=', storeId)
      .where(inPeriod('created_at', period))
      .where(taggedCustomer('ledger_entries.customer_id', tag))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rewards')
      .select([countWhere(inPeriod('created_at', period)).as('issued'), countWhere(inPeriod('used_at', period)).as('used')])
      .where('store_id', '=', storeId)
      .where((eb) => eb.or([eb('created_at', '>=', period.start), eb('used_at', '>=', period.start)]))
      .where(taggedCustomer('rewards.customer_id', tag))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select([
        countWhere(sql`customer_id is not null and ${taggedCustomer('orders.customer_id', tag)}`).as('member_orders'),
        sumWhere(sql`total_minor`, sql`customer_id is not null and ${taggedCustomer('orders.customer_id', tag)}`).as('member_revenue'),
        countWhere(sql`customer_id is null`).as('guest_orders'),
        sumWhere(sql`total_minor`, sql`customer_id is null`).as('guest_revenue'),
      ])
      .where('store_id', '=', storeId)
      .where('currency', '=', currency)
      .where('status', 'in', REVENUE_STATUSES)
      .where(inPeriod('placed_at', period))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('orders')
          .select(['customer_id', sql<string>`count(*)`.as('orders')])
          .where('store_id', '=', storeId)
          .where('customer_id', 'is not', null)
          .where('status', 'in', REVENUE_STATUSES)
          .where(inPeriod('placed_at', period))
          .where(taggedCustomer('orders.customer_id', tag))
          .groupBy('customer_id')
          .as('buyers'),
      )
      .select([sql<string>`count(*)`.as('buyers'), countWhere(sql`orders >= 2`).as('repeat')])
      .executeTakeFirstOrThrow(),
  ]);
  const issued = toNumber(ledger.issued);
  const redeemed = toNumber(ledger.redeemed);
  const memberOrders = toNumber(orders.member_orders);
  const memberRevenue = toNumber(orders.member_revenue);
  const guestOrders = toNumber(orders.guest_orders);
  const guestRevenue = toNumber(orders.guest_revenue);
  return {
    members_joined: toNumber(members.joined),
    points_issued: issued,
    points_redeemed: redeemed,
    redemption_rate: ratio(redeemed, issued),
    rewards_issued: toNumber(rewards.issued),
    rewards_used: toNumber(rewards.used),
    member_orders: memberOrders,
    member_revenue_minor: memberRevenue,
    member_aov_minor: aov(memberRevenue, memberOrders),
    guest_orders: guestOrders,
    guest_revenue_minor: guestRevenue,
    guest_aov_minor: aov(guestRevenue, guestOrders),
    repeat_rate: ratio(toNumber(repeat.repeat), toNumber(repeat.buyers)),
  };
}
