import { sql, type Kysely } from 'kysely';

/**
 * A store's link to the platform it was installed from (Shopify, BigCommerce): the shop, the
 * access token sealed with PLATFORM_TOKEN_KEY (null once uninstalled: the program stays for a
 * reinstall), the scopes granted and whether the token still works. One connection per store and
 * one store per shop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table platform_connections (
      store_id bigint primary key references stores (id) on delete cascade,
      platform text not null check (platform in ('shopify', 'bigcommerce')),
      shop text not null,
      sealed_token text,
      scopes text not null default '',
      status text not null default 'connected' check (status in ('connected', 'reconnect', 'uninstalled')),
      installed_at timestamptz not null,
      uninstalled_at timestamptz,
      unique (platform, shop)
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}
