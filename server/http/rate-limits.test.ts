import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { buildApp } from './app.ts';

/**
 * The per-minute limits of public routes are counted in the database, so a
 * restart (or another server process) does not hand an address a fresh allowance.
 */
describeEachDatabase(
  'rate-limited public routes',
  (ctx) => {
    const visit = (app = ctx.app, ip = '198.51.100.20') =>
      app.inject({ method: 'POST', url: `/storefront/v1/${ctx.fixture.storeA.storeName}/referral/visit`, payload: { code: 'UNKNOWN1' }, remoteAddress: ip });

    it('holds the referral limit per address across a restart, answers 429 with Retry-After, and starts over with the next window', async () => {
      for (let n = 0; n < 12; n += 1) expect((await visit()).statusCode).toBe(404);
      // the same database, a new process: the 8 requests left of the minute, then 429
      const restarted = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
      try {
        for (let n = 0; n < 8; n += 1) expect((await visit(restarted)).statusCode).toBe(404);
        const refused = await visit(restarted);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await visit(ctx.app)).statusCode).toBe(429);
        // another address has its own allowance
        expect((await visit(restarted, '198.51.100.21')).statusCode).toBe(404);
        ctx.clock.advance(61_000);
        expect((await visit(restarted)).statusCode).toBe(404);
      } finally {
        await restarted.close();
      }
    });

    it('counts each route on its own', async () => {
      const claim = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/storefront/v1/${ctx.fixture.storeA.storeName}/referral/claim`,
          payload: { visitor: 'v'.repeat(16), email: 'friend@mail.test' },
          remoteAddress: '198.51.100.30',
        });
      for (let n = 0; n < 20; n += 1) expect((await visit(ctx.app, '198.51.100.30')).statusCode).toBe(404);
      expect((await visit(ctx.app, '198.51.100.30')).statusCode).toBe(429);
      expect((await claim()).statusCode).not.toBe(429);
    });
  },
  { postgres: true },
);
