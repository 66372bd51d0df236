import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformsConfig } from '../../../server/config.ts';
import { connectionOf, connectionStatus, PlatformUnauthorized, saveConnection } from '../../../server/modules/platforms/index.ts';
import { readyShopifyConnection } from '../../../server/modules/platforms/shopify/access-token.ts';
import { adminGraphql } from '../../../server/modules/platforms/shopify/admin-api.ts';
import { twoProcessesOnPostgres } from '../../helpers/processes.ts';
import { grantTokens, startStandIn } from './install-flow.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const CALLS = 12;
const HOUR = 3_600_000;

/**
 * Two server processes — each its own connection pool — need the same store's expired Shopify
 * token at once: Shopify replaces the refresh token on each use, so the renewal is made once
 * (the connection's row locked), and every call goes out with the one new token; a refused
 * renewal is asked of Shopify once too, and every call waits for the merchant to reconnect.
 */
describe.skipIf(!ADMIN_URL)('two processes renewing one expired Shopify token', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);
  const clock = new Date('2026-11-29T10:00:00Z');
  let standIn: Awaited<ReturnType<typeof startStandIn>>['standIn'];
  let platforms: PlatformsConfig;

  beforeAll(async () => {
    const started = await startStandIn(() => clock);
    standIn = started.standIn;
    platforms = started.config.platforms as PlatformsConfig;
  });
  afterAll(() => standIn.stop());

  /** A store installed from `shop` with an expiring token, as an install saves it: its id. */
  async function installedStore(name: string, shop: string): Promise<number> {
    const db = processes.dbs[0]!;
    const { id } = await db
      .insertInto('stores')
      .values({ title: name, platform: 'shopify', store_name: name, domain: shop, website: null, hmac_secret: null, access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const granted = await grantTokens(standIn, shop, 'write_discounts', true);
    const expiry = {
      expiresAt: new Date(clock.getTime() + granted.expires_in! * 1000),
      refreshToken: granted.refresh_token!,
      refreshTokenExpiresAt: new Date(clock.getTime() + granted.refresh_token_expires_in! * 1000),
    };
    await saveConnection(db, platforms.tokenKeys, {
      storeId: id,
      platform: 'shopify',
      shop,
      token: granted.access_token,
      expiry,
      scopes: granted.scope,
      now: clock,
    });
    return id;
  }

  /** CALLS calls of the store at `now`, half from each process, all at once: each readies the connection first. */
  const atOnce = (storeId: number, now: Date) =>
    Promise.allSettled(
      Array.from({ length: CALLS }, async (_, n) => {
        const db = processes.dbs[n % 2]!;
        const stored = await connectionOf(db, platforms.tokenKeys, storeId);
        if (!stored) throw new PlatformUnauthorized();
        const ready = await readyShopifyConnection(db, platforms, stored, now);
        await adminGraphql(platforms.shopify!, ready, '{ shop { name } }');
        return ready.token;
      }),
    );

  it('both processes call at once after the token expired: one renewal, every call made with the new token', async () => {
    const shop = 'refresh-race.myshopify.com';
    const storeId = await installedStore('refresh-race', shop);
    const later = new Date(clock.getTime() + 2 * HOUR);
    const outcomes = await atOnce(storeId, later);
    const tokens = new Set(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason))));
    expect(tokens.size).toBe(1);
    expect(standIn.tokens.refreshes.get(shop)).toBe(1);
    const saved = (await connectionOf(processes.dbs[1]!, platforms.tokenKeys, storeId))!;
    expect(tokens.has(saved.token)).toBe(true);
    expect(saved.expiresAt?.getTime()).toBe(later.getTime() + HOUR);
  });

  it('both processes call at once with a revoked refresh token: Shopify is asked once, every call is refused, the store waits for a reconnect', async () => {
    const shop = 'revoked-race.myshopify.com';
    const storeId = await installedStore('revoked-race', shop);
    standIn.revokeTokens(shop);
    const outcomes = await atOnce(storeId, new Date(clock.getTime() + 2 * HOUR));
    expect(outcomes.every((outcome) => outcome.status === 'rejected' && outcome.reason instanceof PlatformUnauthorized)).toBe(true);
    expect(standIn.tokens.refreshesAsked.get(shop)).toBe(1);
    expect(await connectionStatus(processes.dbs[1]!, storeId)).toMatchObject({ status: 'reconnect' });
  });
});
