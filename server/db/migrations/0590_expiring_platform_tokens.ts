import { sql, type Kysely } from 'kysely';

/**
 * Expiring access tokens (Shopify's expiring offline tokens): when the access token stops working
 * (null: it does not expire), the refresh token that renews it, sealed like the access token, and
 * when that refresh token stops working. A connection holding a non-expiring token has none of
 * these until it is cycled to an expiring one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table platform_connections add column token_expires_at timestamptz`,
    sql`alter table platform_connections add column sealed_refresh_token text`,
    sql`alter table platform_connections add column refresh_token_expires_at timestamptz`,
  ];
  for (const statement of statements) await statement.execute(db);
}
