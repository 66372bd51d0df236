import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../ledger/index.ts';
import type { Figures } from './ladder.ts';
import type { VipMember } from './tables.ts';

/** Orders a tier counts (migration 0190's triggers count the same ones). */
export const COUNTED_ORDER_STATUSES = ['paid', 'partially_refunded'];

/** A period start as the day (UTC) the stored figures are keyed by. */
const dayOf = (start: Date | null) => (start ?? new Date(0)).toISOString().slice(0, 10);

/**
 * The figures of the period for some customers, measured from the ledger and the orders:
 * points earned (lifetime points, tier rewards left out), amount spent and orders paid.
 */
export async function measure(db: Executor, storeId: number, customerIds: number[], start: Date | null): Promise<Map<number, Figures>> {
  const figures = new Map<number, Figures>(customerIds.map((id) => [id, { points: 0, spent_minor: 0, orders: 0 }]));
  if (customerIds.length === 0) return figures;
  const since = start ?? new Date(0);
  const [points, orders] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(['customer_id', (eb) => eb.fn.sum<number>('lifetime_points').as('points')])
      .where('store_id', '=', storeId)
      .where('customer_id', 'in', customerIds)
      .where('type', '!=', 'tier_reward')
      .where('created_at', '>=', since)
      .groupBy('customer_id')
      .execute(),
    db
      .selectFrom('orders')
      .select(['customer_id', (eb) => eb.fn.sum<number>('total_minor').as('spent'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('store_id', '=', storeId)
      .where('customer_id', 'in', customerIds)
      .where('status', 'in', COUNTED_ORDER_STATUSES)
      .where('placed_at', '>=', since)
      .groupBy('customer_id')
      .execute(),
  ]);
  for (const row of points) figures.get(row.customer_id)!.points = toNumber(row.points);
  for (const row of orders) {
    const own = figures.get(row.customer_id!)!;
    own.spent_minor = toNumber(row.spent);
    own.orders = toNumber(row.count);
  }
  return figures;
}

/**
 * Sets the members' rows of some customers (created when missing) to the figures of the period
 * starting at `start`, summed from the days migration 0190's triggers keep, in one statement; the
 * rows as they now stand, their tiers too.
 */
export async function storeFigures(db: Executor, storeId: number, customerIds: number[], start: Date | null, now: Date): Promise<VipMember[]> {
  if (customerIds.length === 0) return [];
  const ids = sql.join(customerIds.map((id) => sql`(${id}::bigint)`));
  return db
    .insertInto('vip_members')
    .columns(['store_id', 'customer_id', 'points', 'spent_minor', 'orders', 'evaluated_at'])
    .expression(
      sql`select ${storeId}::bigint, c.id, coalesce(sum(f.points), 0), coalesce(sum(f.spent_minor), 0), coalesce(sum(f.orders), 0), ${now}::timestamptz
        from (values ${ids}) as c(id)
        left join vip_figures f on f.store_id = ${storeId} and f.customer_id = c.id and f.day >= ${dayOf(start)}::date
        group by c.id order by c.id`,
    )
    .onConflict((oc) =>
      oc.columns(['store_id', 'customer_id']).doUpdateSet((eb) => ({
        points: eb.ref('excluded.points'),
        spent_minor: eb.ref('excluded.spent_minor'),
        orders: eb.ref('excluded.orders'),
        evaluated_at: eb.ref('excluded.evaluated_at'),
      })),
    )
    .returningAll()
    .execute();
}

/**
 * Measures a store's figures again from its whole history (its first tier: until then no trigger
 * kept them). Holds the exclusive side of the figures lock until the caller's transaction ends,
 * so a concurrent earn is either in the history read here or sees the tier and adds its delta.
 */
export async function rebuildFigures(trx: Executor, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${storeId}::integer, 190)`.execute(trx);
  await sql`select vip_figures_rebuild(${storeId}::bigint)`.execute(trx);
}
