import { sql, type Kysely } from 'kysely';

/**
 * The customer CSV import at ≥ 5,000 rows/s: one statement per chunk writes the
 * customers, their opening balances and their accounts, and each row of it pays fewer checks.
 *
 * - The holdout draw of `customers_assign_holdout` becomes a function
 *   (`customer_drawn_for_holdout`), used by the customers' statement-level trigger and by the
 *   import, which must know in its one statement which new customers the trigger will hold out
 *   (they are credited nothing): one rule, one place.
 * - Ledger entries, batches and accounts reference their customer by (store_id, customer_id):
 *   one foreign-key check per row instead of two (store, then customer), and a stronger one: the
 *   row's store is its customer's store (two separate keys allowed a customer of another store).
 *   Deleting a store still removes them (through its customers, ON DELETE CASCADE as before).
 *   The unique (store_id, id) on customers is what such a key needs.
 * - `customers_tags_idx` (GIN over the tags JSON) is dropped: every tag filter reads
 *   `customer_tags`, no query uses it, and every customer insert paid for it.
 * - `customer_imports.rows` is `json`: written once and read back whole, never queried inside,
 *   so the binary `jsonb` form only cost its conversion both ways (20,000 rows: ~0.5 s on PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create function store_holdout_percent(settings jsonb) returns integer language sql immutable parallel safe
      as $$ select coalesce((settings->>'holdout_percent')::integer, 0) $$`,
    sql`create function customer_drawn_for_holdout(store_id bigint, email text, percent integer) returns boolean
      language sql immutable parallel safe
      as $$ select percent > 0 and abs(hashtext(store_id::text || ':' || lower(email))::bigint) % 100 < percent $$`,
    sql`create or replace function customers_assign_holdout() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from stores s where s.id in (select store_id from added) and store_holdout_percent(s.settings) > 0) then
          update customers c set holdout = true
            from added n join stores s on s.id = n.store_id
            where c.id = n.id and not n.holdout and customer_drawn_for_holdout(n.store_id, n.email, store_holdout_percent(s.settings));
        end if;
        return null;
      end $$`,
    sql`alter table customers add constraint customers_store_id_id_key unique (store_id, id)`,
    sql`alter table ledger_entries drop constraint ledger_entries_store_id_fkey, drop constraint ledger_entries_customer_id_fkey,
      add constraint ledger_entries_customer_fkey foreign key (store_id, customer_id) references customers (store_id, id) on delete cascade`,
    sql`alter table points_batches drop constraint points_batches_store_id_fkey, drop constraint points_batches_customer_id_fkey,
      add constraint points_batches_customer_fkey foreign key (store_id, customer_id) references customers (store_id, id) on delete cascade`,
    sql`alter table points_accounts drop constraint points_accounts_store_id_fkey, drop constraint points_accounts_customer_id_fkey,
      add constraint points_accounts_customer_fkey foreign key (store_id, customer_id) references customers (store_id, id) on delete cascade`,
    sql`drop index customers_tags_idx`,
    sql`alter table customer_imports alter column rows drop default, alter column rows type json using rows::json, alter column rows set default '[]'::json`,
  ];
  for (const statement of statements) await statement.execute(db);
}
