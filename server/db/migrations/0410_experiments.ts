import { sql, type Kysely } from 'kysely';

/**
 * Experiments (server/modules/experiments): a surface's variant B, the experiments run with it,
 * the shoppers each one assigned (one row per shopper: variant, views, opens, later sign-in) and
 * the beacons already counted (one per page load and event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table surface_variants (
    store_id bigint not null references stores (id) on delete cascade,
    kind text not null check (kind in ('landing_page', 'widget', 'sticky_bar')),
    document jsonb not null,
    based_on_version integer,
    updated_by bigint references users (id) on delete set null,
    updated_at timestamptz not null,
    primary key (store_id, kind)
  )`.execute(db);
  await sql`create table experiments (
    id bigint generated always as identity primary key,
    store_id bigint not null references stores (id) on delete cascade,
    kind text not null check (kind in ('landing_page', 'widget', 'sticky_bar')),
    split_b smallint not null check (split_b between 1 and 99),
    variant_b jsonb not null,
    beacon_secret text not null,
    status text not null default 'running' check (status in ('running', 'stopped')),
    winner text check (winner in ('a', 'b')),
    started_at timestamptz not null,
    ended_at timestamptz,
    created_by bigint references users (id) on delete set null
  )`.execute(db);
  await sql`create unique index experiments_one_running on experiments (store_id, kind) where status = 'running'`.execute(db);
  await sql`create index experiments_store_idx on experiments (store_id, id)`.execute(db);
  await sql`create table experiment_shoppers (
    experiment_id bigint not null references experiments (id) on delete cascade,
    shopper_key text not null,
    variant text not null check (variant in ('a', 'b')),
    first_seen_at timestamptz not null,
    visitor_at_first boolean not null,
    customer_id bigint references customers (id) on delete set null,
    views integer not null default 1,
    opens integer not null default 0,
    redeems integer not null default 0,
    primary key (experiment_id, shopper_key)
  )`.execute(db);
  await sql`create table experiment_beacons (
    experiment_id bigint not null references experiments (id) on delete cascade,
    page_load text not null,
    event text not null,
    received_at timestamptz not null,
    primary key (experiment_id, page_load, event)
  )`.execute(db);
}
