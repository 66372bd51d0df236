import { sql, type Kysely } from 'kysely';

/**
 * Holdout group: with the store setting `holdout_percent` (0–20), that share of NEW
 * customers is kept out of the program (they earn nothing) so analytics can measure the
 * program's incremental lift. The share is drawn when the customer row is inserted, whatever
 * path inserts it, from a hash of the store and email: random across customers, stable per customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table customers add column holdout boolean not null default false`,
    sql`create index customers_holdout_idx on customers (store_id, created_at) where holdout`,
    sql`create function customers_assign_holdout() returns trigger language plpgsql as $$
      declare percent integer;
      begin
        select coalesce((settings->>'holdout_percent')::integer, 0) into percent from stores where id = new.store_id;
        if percent > 0 and abs(hashtext(new.store_id::text || ':' || lower(new.email))::bigint) % 100 < percent then
          new.holdout := true;
        end if;
        return new;
      end $$`,
    sql`create trigger customers_assign_holdout before insert on customers for each row
      when (not new.holdout) execute function customers_assign_holdout()`,
  ];
  for (const statement of statements) await statement.execute(db);
}
