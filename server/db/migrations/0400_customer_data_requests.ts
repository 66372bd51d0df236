import { sql, type Kysely } from 'kysely';

/**
 * A shop's request for a customer's data (Shopify's customers/data_request): the merchant
 * downloads the customer's data from the customer's page and sends it on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table customer_data_requests (
      id bigint generated always as identity primary key,
      store_id bigint not null references stores (id) on delete cascade,
      customer_id bigint not null references customers (id) on delete cascade,
      platform text not null,
      request_ref text not null,
      requested_at timestamptz not null,
      unique (store_id, platform, request_ref)
    )`,
    sql`create index customer_data_requests_customer on customer_data_requests (store_id, customer_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
