import { sql, type Kysely } from 'kysely';

/**
 * The customer list: program status, where the customer came from, a VIP tier and a
 * referral count the list shows and filters on, and the erasure mark of a deleted customer.
 * Each index serves one list query on a store of a million customers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table customers
      add column program_status text not null default 'member' check (program_status in ('member', 'excluded', 'guest')),
      add column source text not null default 'manual',
      add column vip_tier text,
      add column referral_count integer not null default 0 check (referral_count >= 0),
      add column deleted_at timestamptz`,
    // the default view: newest members first, paged by keyset-friendly (created_at, id)
    sql`create index customers_store_joined_idx on customers (store_id, created_at desc, id desc)`,
    // email prefix search (the global search and the list's search box) without a sequential scan
    sql`create index customers_store_email_prefix_idx on customers (store_id, lower(email) text_pattern_ops)`,
    // sort by name
    sql`create index customers_store_name_idx on customers (store_id, first_name, last_name, id)`,
    // the program status, source and tier filters are low-cardinality inside a store: one composite index each keeps the order by join date
    sql`create index customers_store_program_idx on customers (store_id, program_status, created_at desc)`,
    sql`create index customers_store_source_idx on customers (store_id, source, created_at desc)`,
    sql`create index customers_store_tier_idx on customers (store_id, vip_tier, created_at desc) where vip_tier is not null`,
    // sort and range-filter by balance / lifetime points: the account row carries them
    sql`create index points_accounts_store_balance_idx on points_accounts (store_id, balance, customer_id)`,
    sql`create index points_accounts_store_lifetime_idx on points_accounts (store_id, lifetime, customer_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
