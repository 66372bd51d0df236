/**
 * A Shopify connection's token made ready before a call. Shopify's offline access tokens expire
 * after an hour and are renewed with their refresh token; a store still holding a non-expiring
 * token (installed before the app asked for expiring ones) is cycled to an expiring one with token
 * exchange, which Shopify documents for tokens the merchant does not come back to renew:
 * https://shopify.dev/docs/apps/build/authentication-authorization/migrate-to-expiring-offline-access-tokens
 *
 * One renewal at a time per store, across processes (connections.ts renewToken locks the row).
 * When Shopify renewed but its answer was lost, or the new tokens were not saved, the stored
 * refresh token still works: Shopify keeps the previous refresh token valid until the app uses
 * its replacement, so the next attempt renews with it. A lost answer to the token exchange is
 * recovered the same way: the exchange retried with the original token answers the same pair.
 * https://shopify.dev/changelog/more-resilient-refreshes-for-expiring-offline-access-tokens
 */
import type { PlatformsConfig } from '../../../config.ts';
import type { Db } from '../../../db/connection.ts';
import { PlatformUnauthorized } from '../adapter.ts';
import { renewToken, type Connection, type TokenGrant } from '../connections.ts';
import { migrateToExpiringToken, refreshAccessToken, type GrantedToken } from './token-endpoint.ts';

/** A token this close to its end is renewed before the call, so it does not expire on the way. */
export const RENEW_BEFORE_MS = 60_000;

/** Whether the token must be renewed before a call at `now`: expiring within the margin, or not expiring at all. */
const needsRenewal = (connection: Connection, now: Date) => connection.expiresAt === null || connection.expiresAt.getTime() - now.getTime() <= RENEW_BEFORE_MS;

const asGrant = (granted: GrantedToken): TokenGrant => ({ token: granted.accessToken, expiry: granted.expiry });

/**
 * The connection to call Shopify with at `now`: as it is, or with its token renewed first. A
 * renewal Shopify refuses (the refresh token revoked or expired) marks the store "Reconnect your
 * shop" and throws PlatformUnauthorized; one that got no answer throws ShopifyUnavailable (the job
 * tries again later, nothing saved).
 */
export async function readyShopifyConnection(db: Db, platforms: PlatformsConfig, connection: Connection, now: Date): Promise<Connection> {
  const config = platforms.shopify;
  if (!config || connection.platform !== 'shopify' || !needsRenewal(connection, now)) return connection;
  const renewed = await renewToken(
    db,
    platforms.tokenKeys,
    connection.storeId,
    (current) => needsRenewal(current, now),
    async (stored) => {
      if (stored.refreshToken) return asGrant(await refreshAccessToken(config, connection.shop, stored.refreshToken, now));
      return asGrant(await migrateToExpiringToken(config, connection.shop, stored.token, now));
    },
  );
  // refused (by this renewal, which marked the store for a reconnect, or another process's), or uninstalled meanwhile
  if (!renewed) throw new PlatformUnauthorized();
  return renewed;
}
