import { sql, type Kysely } from 'kysely';

/**
 * The single-use `state` of an install through OAuth: kept by its hash with the shop that started
 * it, bound to the browser by a cookie holding the state itself, consumed by the callback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table platform_oauth_states (
      state_hash text primary key,
      platform text not null check (platform in ('shopify', 'bigcommerce')),
      shop text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    sql`create index platform_oauth_states_expiry on platform_oauth_states (expires_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
