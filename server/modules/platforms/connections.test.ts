import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { openToken } from './tokens.ts';
import { connectionOf, connectionStatus, markNeedsReconnect, markUninstalled, resealTokens, saveConnection, storeOfShop } from './connections.ts';

describeEachDatabase(
  'platform connections',
  (ctx) => {
    const key = randomBytes(32);
    const shop = 'alpha-shop.myshopify.com';
    const rotated = randomBytes(32);

    it('keeps the token sealed at rest and opens it for a call', async () => {
      const storeId = ctx.fixture.storeA.id;
      await saveConnection(ctx.db, [key], { storeId, platform: 'shopify', shop, token: 'shpat_alpha', scopes: 'write_discounts', now: ctx.clock.now() });
      const row = await ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
      expect(row.sealed_token).not.toContain('shpat_alpha');
      expect(await connectionOf(ctx.db, [key], storeId)).toMatchObject({ platform: 'shopify', shop, token: 'shpat_alpha', scopes: 'write_discounts' });
      expect(await storeOfShop(ctx.db, 'shopify', shop)).toEqual({ storeId, status: 'connected' });
      expect(await storeOfShop(ctx.db, 'bigcommerce', shop)).toBeNull();
      expect(await connectionOf(ctx.db, [key], ctx.fixture.storeB.id)).toBeNull();
    });

    it('a revoked token waits for a reconnect; an uninstall erases it and keeps the store for a reinstall', async () => {
      const storeId = ctx.fixture.storeA.id;
      await markNeedsReconnect(ctx.db, storeId);
      expect(await connectionOf(ctx.db, [key], storeId)).toBeNull();
      expect(await connectionStatus(ctx.db, storeId)).toEqual({ platform: 'shopify', shop, status: 'reconnect' });
      await markUninstalled(ctx.db, storeId, ctx.clock.now());
      const row = await ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
      expect(row.sealed_token).toBeNull();
      expect(await storeOfShop(ctx.db, 'shopify', shop)).toEqual({ storeId, status: 'uninstalled' });
      await saveConnection(ctx.db, [key], { storeId, platform: 'shopify', shop, token: 'shpat_again', scopes: '', now: ctx.clock.now() });
      expect((await connectionOf(ctx.db, [key], storeId))?.token).toBe('shpat_again');
    });

    it('a key rotation reseals every token under the new key', async () => {
      const newKey = rotated;
      expect(await resealTokens(ctx.db, [newKey, key])).toBe(1);
      expect(await resealTokens(ctx.db, [newKey, key])).toBe(0);
      expect((await connectionOf(ctx.db, [newKey], ctx.fixture.storeA.id))?.token).toBe('shpat_again');
    });

    it("an expiring token's refresh token is sealed too, resealed by a rotation, and erased by an uninstall", async () => {
      const storeId = ctx.fixture.storeB.id;
      const now = ctx.clock.now();
      const expiresAt = new Date(now.getTime() + 3_600_000);
      const expiry = { expiresAt, refreshToken: 'shprt_beta', refreshTokenExpiresAt: new Date(now.getTime() + 90 * 86_400_000) };
      await saveConnection(ctx.db, [key], { storeId, platform: 'shopify', shop: 'beta.myshopify.com', token: 'shpat_beta', expiry, scopes: '', now });
      const row = async () => ctx.db.selectFrom('platform_connections').selectAll().where('store_id', '=', storeId).executeTakeFirstOrThrow();
      expect((await row()).sealed_refresh_token).not.toContain('shprt_beta');
      expect(openToken([key], (await row()).sealed_refresh_token!)).toBe('shprt_beta');
      expect((await connectionOf(ctx.db, [key], storeId))?.expiresAt).toEqual(expiresAt);
      const newKey = randomBytes(32);
      // this row and the one the rotation above sealed under `rotated`
      expect(await resealTokens(ctx.db, [newKey, rotated, key])).toBe(2);
      expect(openToken([newKey], (await row()).sealed_refresh_token!)).toBe('shprt_beta');
      await markUninstalled(ctx.db, storeId, now);
      expect(await row()).toMatchObject({ sealed_token: null, sealed_refresh_token: null });
    });
  },
  { postgres: true },
);
