/**
 * The `state` of an install through OAuth: a random nonce the browser carries in a cookie and the
 * platform echoes back; only its hash is stored, with the shop that started it. The callback
 * consumes it once, for that shop only, within its lifetime.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ColumnType } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Platform } from './tables.ts';

/** How long a merchant has to approve the install on the platform. */
export const STATE_TTL_MS = 10 * 60 * 1000;

interface PlatformOauthStatesTable {
  state_hash: string;
  platform: Platform;
  shop: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module '../../db/schema.ts' {
  interface Database {
    platform_oauth_states: PlatformOauthStatesTable;
  }
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** A new state for `shop`; expired states are removed on the way. */
export async function issueOauthState(db: Db, platform: Platform, shop: string, now: Date): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  await db.deleteFrom('platform_oauth_states').where('expires_at', '<', now).execute();
  await db
    .insertInto('platform_oauth_states')
    .values({ state_hash: hashOf(state), platform, shop, expires_at: new Date(now.getTime() + STATE_TTL_MS) })
    .execute();
  return state;
}

/** Uses the state once: true only for the shop it was issued for, unused and unexpired. */
export async function consumeOauthState(db: Db, platform: Platform, shop: string, state: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('platform_oauth_states')
    .set({ used_at: now })
    .where((eb) => eb.and({ state_hash: hashOf(state), platform, shop, used_at: null }).and('expires_at', '>', now))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
