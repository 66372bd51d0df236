/**
 * Which store a shop is, and the token to call its platform with. Tokens are opened only here,
 * for the adapter's call; they are never logged nor returned by any route. An expiring token's
 * refresh token is sealed the same way, and opened only to renew the token (renewToken).
 */
import type { Db } from '../../db/connection.ts';
import { PlatformUnauthorized } from './adapter.ts';
import { callBudget, type CallBudget } from './call-budget.ts';
import type { ConnectionRow, ConnectionStatus, Platform } from './tables.ts';
import { openToken, sealToken, sealedWithCurrentKey } from './tokens.ts';

/** A working connection, its token opened for one call. */
export interface Connection {
  storeId: number;
  platform: Platform;
  shop: string;
  token: string;
  scopes: string;
  /** when the token stops working; null: it does not expire */
  expiresAt: Date | null;
  /** what the platform lets the store's calls spend, shared by every process */
  budget: CallBudget;
}

/** The store a shop was installed as (also after an uninstall, for a reinstall), or null. */
export async function storeOfShop(db: Db, platform: Platform, shop: string): Promise<{ storeId: number; status: ConnectionStatus } | null> {
  const row = await db
    .selectFrom('platform_connections')
    .select(['store_id', 'status'])
    .where('platform', '=', platform)
    .where('shop', '=', shop)
    .executeTakeFirst();
  return row ? { storeId: Number(row.store_id), status: row.status } : null;
}

/** The row's working connection, its token opened; null when it has none. */
function openedConnection(db: Db, keys: readonly Buffer[], row: ConnectionRow | undefined): Connection | null {
  if (!row?.sealed_token || row.status !== 'connected') return null;
  const storeId = Number(row.store_id);
  return {
    storeId,
    platform: row.platform,
    shop: row.shop,
    token: openToken(keys, row.sealed_token),
    scopes: row.scopes,
    expiresAt: row.token_expires_at,
    budget: callBudget(db, storeId),
  };
}

/** The store's working connection, or null (none, uninstalled, or waiting for a reconnect). */
export async function connectionOf(db: Db, keys: readonly Buffer[], storeId: number): Promise<Connection | null> {
  const row = await db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).where('status', '=', 'connected').executeTakeFirst();
  return openedConnection(db, keys, row);
}

/** An access token as the platform granted it: an expiring one comes with the refresh token that renews it. */
export interface TokenGrant {
  token: string;
  expiry?: { expiresAt: Date; refreshToken: string; refreshTokenExpiresAt: Date | null } | null;
}

/** The columns that hold a granted token, sealed. */
function sealedGrant(keys: readonly Buffer[], grant: TokenGrant) {
  return {
    sealed_token: sealToken(keys, grant.token),
    token_expires_at: grant.expiry?.expiresAt ?? null,
    sealed_refresh_token: grant.expiry ? sealToken(keys, grant.expiry.refreshToken) : null,
    refresh_token_expires_at: grant.expiry?.refreshTokenExpiresAt ?? null,
  };
}

/**
 * Renews the store's access token once, however many processes ask at the same moment: the
 * connection's row is locked (select … for update) and read again under the lock, so a process
 * that waited for it finds the token another one has just renewed (`stale` says it is fine now)
 * and uses that one rather than spending the refresh token again. `renew` gets the tokens as they
 * are stored; what it answers is saved before the lock is let go. A refusal (PlatformUnauthorized)
 * marks the store for a reconnect under the same lock, so a process waiting for it asks nothing
 * more of the platform; a renewal that got no answer saves nothing: the stored tokens stay as they
 * were for the next attempt. Null: the store has no working connection (any more).
 */
export async function renewToken(
  db: Db,
  keys: readonly Buffer[],
  storeId: number,
  stale: (connection: Connection) => boolean,
  renew: (stored: { token: string; refreshToken: string | null }) => Promise<TokenGrant>,
): Promise<Connection | null> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).forUpdate().executeTakeFirst();
    const current = openedConnection(db, keys, row);
    if (!current || !stale(current)) return { connection: current };
    let grant: TokenGrant;
    try {
      grant = await renew({ token: current.token, refreshToken: row?.sealed_refresh_token ? openToken(keys, row.sealed_refresh_token) : null });
    } catch (error) {
      if (!(error instanceof PlatformUnauthorized)) throw error;
      await markNeedsReconnect(trx, storeId);
      return { refused: error };
    }
    await trx.updateTable('platform_connections').set(sealedGrant(keys, grant)).where('store_id', '=', storeId).execute();
    return { connection: { ...current, token: grant.token, expiresAt: grant.expiry?.expiresAt ?? null } };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.connection;
}

/** The status of the store's link to its platform, for the console (never the token). */
export async function connectionStatus(db: Db, storeId: number): Promise<{ platform: Platform; shop: string; status: ConnectionStatus } | null> {
  const row = await db.selectFrom('platform_connections').select(['platform', 'shop', 'status']).where('store_id', '=', storeId).executeTakeFirst();
  return row ?? null;
}

/** Records an install or a reinstall: the new token (and an expiring one's refresh token), sealed, and the scopes granted. */
export async function saveConnection(
  db: Db,
  keys: readonly Buffer[],
  connection: TokenGrant & { storeId: number; platform: Platform; shop: string; scopes: string; now: Date },
): Promise<void> {
  const values = {
    platform: connection.platform,
    shop: connection.shop,
    ...sealedGrant(keys, connection),
    scopes: connection.scopes,
    status: 'connected' as const,
    installed_at: connection.now,
    uninstalled_at: null,
  };
  await db
    .insertInto('platform_connections')
    .values({ store_id: connection.storeId, ...values })
    .onConflict((conflict) => conflict.column('store_id').doUpdateSet(values))
    .execute();
}

/** An uninstall: the token is erased at once; the store and its program stay for a reinstall. */
export async function markUninstalled(db: Db, storeId: number, now: Date): Promise<void> {
  await db
    .updateTable('platform_connections')
    .set({ sealed_token: null, sealed_refresh_token: null, status: 'uninstalled', uninstalled_at: now })
    .where('store_id', '=', storeId)
    .execute();
}

/** The platform refused the token (revoked): calls stop until the merchant installs again. */
export async function markNeedsReconnect(db: Db, storeId: number): Promise<void> {
  await db.updateTable('platform_connections').set({ status: 'reconnect' }).where('store_id', '=', storeId).where('status', '=', 'connected').execute();
}

/** Key rotation: reseals under the current key every token (and refresh token) another key of the ring sealed; returns how many rows. */
export async function resealTokens(db: Db, keys: readonly Buffer[]): Promise<number> {
  const rows = await db
    .selectFrom('platform_connections')
    .select(['store_id', 'sealed_token', 'sealed_refresh_token'])
    .where('sealed_token', 'is not', null)
    .execute();
  const reseal = (sealed: string | null) => (sealed && !sealedWithCurrentKey(keys, sealed) ? sealToken(keys, openToken(keys, sealed)) : sealed);
  let resealed = 0;
  for (const row of rows) {
    const token = reseal(row.sealed_token);
    const refreshToken = reseal(row.sealed_refresh_token);
    if (token === row.sealed_token && refreshToken === row.sealed_refresh_token) continue;
    // unchanged since it was read: a token renewed meanwhile is already sealed under the current key
    await db
      .updateTable('platform_connections')
      .set({ sealed_token: token, sealed_refresh_token: refreshToken })
      .where('store_id', '=', row.store_id)
      .where('sealed_token', '=', row.sealed_token!)
      .execute();
    resealed += 1;
  }
  return resealed;
}
