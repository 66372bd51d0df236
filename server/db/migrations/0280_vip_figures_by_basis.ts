import { sql, type Kysely } from 'kysely';
import { maintainFunction } from './0190_vip_figures.ts';

/** The day (UTC) a timestamp column falls on. */
const dayOf = (column: string) => `(${column} at time zone 'UTC')::date`;

/**
 * The stores whose tiers are measured on what a source table gives: the ledger's points for the
 * basis `points` (the default without settings), the orders' amount and count for `spent` and
 * `orders` (the domain's FIGURES_SOURCE says the same).
 */
const measuredOn = (bases: string) =>
  `store_id in (select t.store_id from vip_tiers t left join vip_settings s on s.store_id = t.store_id where coalesce(s.basis, 'points') in (${bases}))`;

/**
 * What a statement's rows add to the day figures (the deltas of `vip_figures_from_ledger` and
 * `vip_figures_from_orders`, for the stores measured on their table only).
 */
const fromLedger = (rows: string) =>
  `select store_id, customer_id, ${dayOf('created_at')} as day, sum(lifetime_points) as points, 0::bigint as spent_minor, 0 as orders
     from ${rows} where type <> 'tier_reward' and ${measuredOn(`'points'`)}
     group by 1, 2, 3 having sum(lifetime_points) <> 0`;
const fromOrders = (rows: string) =>
  `select store_id, customer_id, ${dayOf('placed_at')} as day, 0::bigint as points, sum(total_minor) as spent_minor, count(*)::integer as orders
     from ${rows} where customer_id is not null and status in ('paid', 'partially_refunded') and ${measuredOn(`'spent', 'orders'`)}
     group by 1, 2, 3`;

/**
 * VIP day figures by basis, to keep the overhead of tiers on an earn small: a store keeps only the
 * figures its tiers are measured on, so an order earn upserts one figures row per customer and day
 * instead of two (the orders' trigger and the ledger's both wrote the same rows). A store measured
 * on `spent` or `orders` no longer keeps points there (nor one on `points` amounts): changing the
 * basis to the other source rebuilds the store's figures from history under the exclusive side of
 * the figures lock (saveSettings), and the simulation of such a change measures from the ledger and
 * the orders. The figures of the stores with tiers are rebuilt here, the other source's zeroed.
 *
 * Both tables leave a fifth of each page free: an earn rewrites a figures row and a member row,
 * and with room on the page the new version is a heap-only tuple (no index entry to add; the old
 * one is pruned in place, with no vacuum needed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [fn, delta] of [
    ['vip_figures_from_ledger', fromLedger],
    ['vip_figures_from_orders', fromOrders],
  ] as const)
    await sql.raw(maintainFunction(fn, delta, true)).execute(db);
  // a store's figures come from one source now: each (customer, day) once, no sum of the two
  const rebuild = `create or replace function vip_figures_rebuild(store bigint) returns void language plpgsql as $$
    begin
      delete from vip_figures where store_id = store;
      insert into vip_figures (store_id, customer_id, day, points, spent_minor, orders)
        ${fromLedger('(select * from ledger_entries where store_id = store) l')}
        union all ${fromOrders('(select * from orders where store_id = store) o')};
    end $$`;
  await sql.raw(rebuild).execute(db);
  await sql`alter table vip_figures set (fillfactor = 80)`.execute(db);
  await sql`alter table vip_members set (fillfactor = 80)`.execute(db);
  await sql`select vip_figures_rebuild(store_id) from (select distinct store_id from vip_tiers) s`.execute(db);
}
