import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { METRIC_FIGURE, type Figures, type Ladder } from './ladder.ts';
import type { TierBasis } from './contract.ts';
import type { VipMember } from './tables.ts';

/** Orders a tier counts (the `vip_figures` triggers on orders count the same ones). */
export const COUNTED_ORDER_STATUSES = ['paid', 'partially_refunded'];

/** A period start as the day (UTC) the stored figures are keyed by. */
const dayOf = (start: Date | null) => (start ?? new Date(0)).toISOString().slice(0, 10);

/**
 * The figures of the period for some customers, measured from the ledger and the orders:
 * points earned (lifetime points, tier rewards left out), amount spent and orders paid. With
 * `sources`, from those only (the others' figures stay 0).
 */
export async function measure(
  db: Executor,
  storeId: number,
  customerIds: number[],
  start: Date | null,
  sources: ReadonlyArray<FiguresSource> = ['ledger', 'orders'],
): Promise<Map<number, Figures>> {
  const figures = new Map<number, Figures>(customerIds.map((id) => [id, { points: 0, spent_minor: 0, orders: 0 }]));
  if (customerIds.length === 0) return figures;
  const since = start ?? new Date(0);
  const [points, orders] = await Promise.all([
    sources.includes('ledger')
      ? db
          .selectFrom('ledger_entries')
          .select(['customer_id', (eb) => eb.fn.sum<number>('lifetime_points').as('points')])
          .where('store_id', '=', storeId)
          .where('customer_id', 'in', customerIds)
          .where('type', '!=', 'tier_reward')
          .where('created_at', '>=', since)
          .groupBy('customer_id')
          .execute()
      : [],
    sources.includes('orders')
      ? db
          .selectFrom('orders')
          .select(['customer_id', (eb) => eb.fn.sum<number>('total_minor').as('spent'), (eb) => eb.fn.countAll<number>().as('count')])
          .where('store_id', '=', storeId)
          .where('customer_id', 'in', customerIds)
          .where('status', 'in', COUNTED_ORDER_STATUSES)
          .where('placed_at', '>=', since)
          .groupBy('customer_id')
          .execute()
      : [],
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
 * starting at `start`, summed from the days `vip_figures` keeps (kept by triggers on the ledger and
 * the orders), in one statement (written in customer order, so concurrent re-evaluations lock
 * members alike); the rows as they now stand, their tiers too. With `ladder`, only the rows whose
 * tier is not the one their figures reach (those that may move, for the engine to judge): a member
 * who stays where they are costs the write and nothing more, no row to send back.
 */
export async function storeFigures(db: Executor, storeId: number, customerIds: number[], start: Date | null, now: Date, ladder?: Ladder): Promise<VipMember[]> {
  if (customerIds.length === 0) return [];
  // the tier the stored figures reach (the ladder's highest threshold at or below them), as tierFor
  const mayMove = ladder
    ? sql`where stored.tier_id is distinct from (
        select t.id from unnest(${ladder.tiers.map((tier) => tier.id)}::bigint[], ${ladder.tiers.map((tier) => tier.threshold)}::bigint[]) t(id, threshold)
        where t.threshold <= ${sql.ref(`stored.${METRIC_FIGURE[ladder.settings.basis]}`)} order by t.threshold desc limit 1)`
    : sql``;
  const { rows } = await sql<VipMember>`
    with stored as (
      insert into vip_members (store_id, customer_id, points, spent_minor, orders, evaluated_at)
      select ${storeId}::bigint, c.id, coalesce(sum(f.points), 0), coalesce(sum(f.spent_minor), 0), coalesce(sum(f.orders), 0), ${now}::timestamptz
      from unnest(${customerIds}::bigint[]) as c(id)
      left join vip_figures f on f.store_id = ${storeId} and f.customer_id = c.id and f.day >= ${dayOf(start)}::date
      group by c.id order by c.id
      on conflict (store_id, customer_id) do update set
        points = excluded.points, spent_minor = excluded.spent_minor, orders = excluded.orders, evaluated_at = excluded.evaluated_at
      returning vip_members.*)
    select * from stored ${mayMove} order by customer_id`.execute(db);
  return rows;
}

/**
 * Where the figures a basis measures come from: the ledger's points, or the orders' amounts and
 * counts. A store keeps the day figures of its basis' source only (the `vip_figures` triggers skip
 * the other): the other figures of its members stay at zero until the basis changes source
 * (saveSettings rebuilds).
 */
export type FiguresSource = 'ledger' | 'orders';
export const FIGURES_SOURCE = { points: 'ledger', spent: 'orders', orders: 'orders' } as const satisfies Record<TierBasis, FiguresSource>;

/**
 * The exclusive side of the figures lock until the caller's transaction ends: no
 * write to the store's ledger or orders is under way, and the next ones wait, then see whatever
 * this transaction changed (a first tier, another basis) and keep their figures by it.
 */
export async function holdFigures(trx: Executor, storeId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${storeId}::integer, 190)`.execute(trx);
}

/**
 * Measures a store's figures again from its whole history (its first tier, or a basis measured on
 * another source: until then no trigger kept them), holding the figures lock (holdFigures), so a
 * concurrent earn is either in the history read here or sees the change and adds its delta.
 */
export async function rebuildFigures(trx: Executor, storeId: number): Promise<void> {
  await holdFigures(trx, storeId);
  await sql`select vip_figures_rebuild(${storeId}::bigint)`.execute(trx);
}
