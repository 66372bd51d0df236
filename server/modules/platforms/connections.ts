/**
 * Which store a shop is, and the token to call its platform with. Tokens are opened only here,
 * for the adapter's call; they are never logged nor returned by any route.
 */
import type { Db } from '../../db/connection.ts';
import { callBudget, type CallBudget } from './call-budget.ts';
import type { ConnectionStatus, Platform } from './tables.ts';
import { openToken, sealToken, sealedWithCurrentKey } from './tokens.ts';

/** A working connection, its token opened for one call. */
export interface Connection {
  storeId: number;
  platform: Platform;
  shop: string;
  token: string;
  scopes: string;
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

/** The store's working connection, or null (none, uninstalled, or waiting for a reconnect). */
export async function connectionOf(db: Db, keys: readonly Buffer[], storeId: number): Promise<Connection | null> {
  const row = await db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).where('status', '=', 'connected').executeTakeFirst();
  if (!row?.sealed_token) return null;
  return {
    storeId,
    platform: row.platform,
    shop: row.shop,
    token: openToken(keys, row.sealed_token),
    scopes: row.scopes,
    budget: callBudget(db, storeId),
  };
}

/** The status of the store's link to its platform, for the console (never the token). */
export async function connectionStatus(db: Db, storeId: number): Promise<{ platform: Platform; shop: string; status: ConnectionStatus } | null> {
  const row = await db.selectFrom('platform_connections').select(['platform', 'shop', 'status']).where('store_id', '=', storeId).executeTakeFirst();
  return row ?? null;
}

/** Records an install or a reinstall: the new token, sealed, and the scopes granted. */
export async function saveConnection(
  db: Db,
  keys: readonly Buffer[],
  connection: { storeId: number; platform: Platform; shop: string; token: string; scopes: string; now: Date },
): Promise<void> {
  const values = {
    platform: connection.platform,
    shop: connection.shop,
    sealed_token: sealToken(keys, connection.token),
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
    .set({ sealed_token: null, status: 'uninstalled', uninstalled_at: now })
    .where('store_id', '=', storeId)
    .execute();
}

/** The platform refused the token (revoked): calls stop until the merchant installs again. */
export async function markNeedsReconnect(db: Db, storeId: number): Promise<void> {
  await db.updateTable('platform_connections').set({ status: 'reconnect' }).where('store_id', '=', storeId).where('status', '=', 'connected').execute();
}

/** Key rotation: reseals under the current key every token another key of the ring sealed; returns how many. */
export async function resealTokens(db: Db, keys: readonly Buffer[]): Promise<number> {
  const rows = await db.selectFrom('platform_connections').select(['store_id', 'sealed_token']).where('sealed_token', 'is not', null).execute();
  let resealed = 0;
  for (const row of rows) {
    if (!row.sealed_token || sealedWithCurrentKey(keys, row.sealed_token)) continue;
    const sealed = sealToken(keys, openToken(keys, row.sealed_token));
    await db
      .updateTable('platform_connections')
      .set({ sealed_token: sealed })
      .where('store_id', '=', row.store_id)
      .where('sealed_token', '=', row.sealed_token)
      .execute();
    resealed += 1;
  }
  return resealed;
}
