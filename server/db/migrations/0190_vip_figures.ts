import { sql, type Kysely } from 'kysely';

/** The day (UTC) a timestamp column falls on. */
const day = (column: string) => `(${column} at time zone 'UTC')::date`;

/** Orders a member's tier counts: the engine's COUNTED_ORDER_STATUSES. */
const COUNTED = `status in ('paid', 'partially_refunded')`;

/** Only the stores with tiers keep figures: the others pay a shared lock and one probe of vip_tiers. */
const TRACKED = `store_id in (select store_id from vip_tiers)`;

/**
 * The shared side of the figures lock (key `store_id, 190`), taken by every write to a source
 * table before it reads whether its store has tiers: a store's first tier takes the exclusive side
 * before it rebuilds the figures from history, so a write is either seen by the rebuild or sees
 * the tier, never neither.
 */
const guard = (rows: string) => `perform pg_advisory_xact_lock_shared(s.store_id::integer, 190) from (select distinct store_id from ${rows}) s;`;

/** The figures a transition table adds (sign +1) or takes away (−1), per customer and day. */
const ledgerDelta = (rows: string) =>
  `select store_id, customer_id, ${day('created_at')} as day, sum(lifetime_points) as points, 0::bigint as spent_minor, 0 as orders
     from ${rows} where type <> 'tier_reward' and ${TRACKED}
     group by 1, 2, 3 having sum(lifetime_points) <> 0`;
const orderDelta = (rows: string) =>
  `select store_id, customer_id, ${day('placed_at')} as day, 0::bigint as points, sum(total_minor) as spent_minor, count(*)::integer as orders
     from ${rows} where customer_id is not null and ${COUNTED} and ${TRACKED}
     group by 1, 2, 3`;

/**
 * Adds new rows' figures (creating the day's row) and takes old rows' away, one statement each.
 * `planEachRun`: the statements are planned on each run (EXECUTE) rather than
 * once per session for the size of the first statement's transition table.
 */
export function maintainFunction(name: string, delta: (rows: string) => string, planEachRun = false): string {
  const run = (statement: string) => (planEachRun ? `execute $run$ ${statement} $run$;` : `${statement};`);
  return `create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        ${guard('new_rows')}
        ${run(`insert into vip_figures (store_id, customer_id, day, points, spent_minor, orders)
          select * from (${delta('new_rows')}) d order by 1, 2, 3
          on conflict (store_id, customer_id, day) do update set
            points = vip_figures.points + excluded.points,
            spent_minor = vip_figures.spent_minor + excluded.spent_minor,
            orders = vip_figures.orders + excluded.orders`)}
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        ${guard('old_rows')}
        ${run(`update vip_figures f set points = f.points - d.points, spent_minor = f.spent_minor - d.spent_minor, orders = f.orders - d.orders
          from (${delta('old_rows')}) d
          where f.store_id = d.store_id and f.customer_id = d.customer_id and f.day = d.day`)}
      end if;
      return null;
    end $$`;
}

export const SOURCES: Array<[table: string, fn: string, delta: (rows: string) => string]> = [
  ['ledger_entries', 'vip_figures_from_ledger', ledgerDelta],
  ['orders', 'vip_figures_from_orders', orderDelta],
];

/**
 * VIP tier figures kept incrementally: per store, customer and day (UTC) the points
 * earned (lifetime points, tier rewards left out), the amount spent and the orders counted, so a
 * re-evaluation sums a customer's few days in the period (lifetime, a rolling year, the calendar
 * year) instead of aggregating their ledger and orders. Statement-level triggers on the ledger and
 * the orders add each statement's delta in its own transaction, set-based, for stores with tiers
 * only; `vip_figures_rebuild` measures a store from history (its first tier, and here the stores
 * that already have tiers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // (store_id, customer_id, day): the key the deltas add to, and a customer's days of a period
    // read as one range of the primary key
    sql`create table vip_figures (
      store_id bigint not null references stores(id) on delete cascade,
      customer_id bigint not null references customers(id) on delete cascade,
      day date not null,
      points bigint not null default 0,
      spent_minor bigint not null default 0,
      orders integer not null default 0,
      primary key (store_id, customer_id, day))`,
    sql.raw(`create function vip_figures_rebuild(store bigint) returns void language plpgsql as $$
      begin
        delete from vip_figures where store_id = store;
        insert into vip_figures (store_id, customer_id, day, points, spent_minor, orders)
          select store_id, customer_id, day, sum(points), sum(spent_minor), sum(orders) from (
            ${ledgerDelta('(select * from ledger_entries where store_id = store) l')}
            union all
            ${orderDelta('(select * from orders where store_id = store) o')}) d
          group by 1, 2, 3;
      end $$`),
  ];
  for (const statement of statements) await statement.execute(db);
  for (const [table, fn, delta] of SOURCES) {
    await sql.raw(maintainFunction(fn, delta)).execute(db);
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ]) {
      await sql
        .raw(`create trigger ${table}_vip_figures_${event} after ${event} on ${table} referencing ${transition} for each statement execute function ${fn}()`)
        .execute(db);
    }
  }
  await sql`select vip_figures_rebuild(store_id) from (select distinct store_id from vip_tiers) s`.execute(db);
}
