import { sql, type Kysely } from 'kysely';

/**
 * Bulk writes of customers pay once per statement, not once per row: a CSV import writes thousands
 * of customers a second, in statements of many rows each.
 *
 * - The holdout group (`customers_assign_holdout`) is drawn by one statement-level trigger instead
 *   of a per-row one (which ran a PL/pgSQL call and a read of the store per row: a 1,000-row insert
 *   2–4× slower). Same rule as before: only NEW customers, only when the store's `holdout_percent`
 *   is above 0, from a hash of the store and the lower-case email (random across customers, stable
 *   per customer), a row inserted with `holdout` already true keeps it, and an update never changes
 *   the group. The flag is set by the end of the inserting statement, so a RETURNING of that very
 *   statement still shows false; every later statement (the ledger's check included) sees it.
 * - The customer_tags update trigger (`customer_tags_updated`) plans its join of the transition
 *   tables on each run (EXECUTE): a PL/pgSQL statement is planned once per session, and the first
 *   plan was made for the empty transition tables of an insert's ON CONFLICT, a nested loop that
 *   made re-importing 1,000 customers take seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop trigger customers_assign_holdout on customers`,
    sql`drop function customers_assign_holdout()`,
    // the update runs only when a store of the statement keeps a holdout share (it fires the
    // customers' update triggers, which would otherwise run on every insert for nothing)
    sql`create function customers_assign_holdout() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from stores s where s.id in (select store_id from added) and coalesce((s.settings->>'holdout_percent')::integer, 0) > 0) then
          update customers c set holdout = true
            from added n join stores s on s.id = n.store_id
            where c.id = n.id and not n.holdout
              and abs(hashtext(n.store_id::text || ':' || lower(n.email))::bigint) % 100 < coalesce((s.settings->>'holdout_percent')::integer, 0);
        end if;
        return null;
      end $$`,
    sql`create trigger customers_assign_holdout after insert on customers referencing new table as added
      for each statement execute function customers_assign_holdout()`,
    sql`create or replace function customer_tags_updated() returns trigger language plpgsql as $$
      begin
        execute 'delete from customer_tags ct using changed n, previous o
          where n.id = o.id and n.tags is distinct from o.tags and ct.customer_id = n.id';
        execute 'insert into customer_tags (store_id, tag, customer_id)
          select distinct n.store_id, t.tag, n.id from changed n join previous o on o.id = n.id
            cross join lateral jsonb_array_elements_text(n.tags) t(tag)
          where n.tags is distinct from o.tags
          on conflict do nothing';
        return null;
      end $$`,
  ];
  for (const statement of statements) await statement.execute(db);
}
