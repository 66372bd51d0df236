import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { creditMany, readAccount, verifyLedger } from '../../domain/ledger/index.ts';
import { POINTS_LIMITS } from '../../domain/ledger/limits.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';

/** Points never overflow; beyond a declared limit the answer is a 422 naming it and nothing is written. */
describeEachDatabase(
  'points limits',
  (ctx) => {
    const storeId = () => ctx.fixture.storeC.id;
    const call = async (url: string, payload: object) => {
      const { headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, storeId());
      return ctx.app.inject({ method: 'POST', url, headers, payload });
    };
    const adjust = (customerId: number, points: number) => call('/data/v1/customer/adjust/points', { customer_id: customerId, points, reason: 'test' });
    const entryCount = async (customerId: number) =>
      Number((await sql<{ n: number }>`select count(*) as n from ledger_entries where customer_id = ${customerId}`.execute(ctx.db)).rows[0]!.n);
    const seed = (customerId: number, points: number) =>
      creditMany(
        ctx.db,
        [{ storeId: storeId(), customerId, type: 'adjustment', sourceType: 'seed', sourceId: `seed-${customerId}`, computation: 'seed', points }],
        ctx.clock.now(),
      );

    it('keeps adding +10,000,000 adjustments past 2^31: balance and lifetime keep moving', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      await seed(customerId, 2_100_000_000);
      for (let step = 0; step < 6; step += 1) {
        const answer = await adjust(customerId, 10_000_000);
        expect(answer.statusCode, answer.body).toBe(200);
      }
      const account = await readAccount(ctx.db, storeId(), customerId, ctx.clock.now());
      expect(account).toEqual({ balance: 2_160_000_000, pending: 0, lifetime: 2_160_000_000 });
      const removed = await adjust(customerId, -10_000_000);
      expect(removed.json().data.account.balance).toBe(2_150_000_000);
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('refuses one adjustment beyond its limit with a 422 naming the limit', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      for (const points of [POINTS_LIMITS.adjustment + 1, -POINTS_LIMITS.adjustment - 1]) {
        const answer = await adjust(customerId, points);
        expect(answer.statusCode).toBe(422);
        expect(answer.json().errors.points).toContain('10000000');
      }
      expect(await entryCount(customerId)).toBe(0);
    });

    it('setting a balance is an adjustment of the difference: more than 10,000,000 either way is refused with 422, writing nothing', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      await seed(customerId, 219);
      const setTo = (balance: number) => call('/data/v1/customer/points/update', { customer_id: customerId, balance, reason: 'set' });
      const before = await entryCount(customerId);
      for (const balance of [999_950_000_000, 219 + POINTS_LIMITS.adjustment + 1]) {
        const answer = await setTo(balance);
        expect(answer.statusCode, answer.body).toBe(422);
        expect(answer.json()).toMatchObject({ code: 'points_limit', errors: { points: `The limit of adjustment is ${POINTS_LIMITS.adjustment} points.` } });
      }
      expect(await entryCount(customerId)).toBe(before);
      expect((await setTo(219 + POINTS_LIMITS.adjustment)).statusCode).toBe(200);
      const account = await readAccount(ctx.db, storeId(), customerId, ctx.clock.now());
      expect(account.balance).toBe(219 + POINTS_LIMITS.adjustment);
      const down = await setTo(0);
      expect(down.statusCode, down.body).toBe(422);
      expect((await readAccount(ctx.db, storeId(), customerId, ctx.clock.now())).balance).toBe(219 + POINTS_LIMITS.adjustment);
    });

    it('refuses a balance beyond its limit (adjust and set) with a 422 naming it, writing nothing', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      await seed(customerId, POINTS_LIMITS.balance - 5);
      const before = await readAccount(ctx.db, storeId(), customerId, ctx.clock.now());
      const answer = await adjust(customerId, 6);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'points_limit', errors: { points: expect.stringContaining('1000000000000') } });
      expect(answer.json().message).toContain('balance');
      const set = await call('/data/v1/customer/points/update', { customer_id: customerId, balance: POINTS_LIMITS.balance + 1, reason: 'x' });
      expect(set.statusCode).toBe(422);
      expect(await readAccount(ctx.db, storeId(), customerId, ctx.clock.now())).toEqual(before);
      expect(await entryCount(customerId)).toBe(1);
      expect((await adjust(customerId, 5)).statusCode).toBe(200);
      const lowered = await call('/data/v1/customer/points/update', {
        customer_id: customerId,
        balance: POINTS_LIMITS.balance - POINTS_LIMITS.adjustment,
        reason: 'reset',
      });
      expect(lowered.json().data.account).toEqual({ balance: POINTS_LIMITS.balance - POINTS_LIMITS.adjustment, pending: 0, lifetime: POINTS_LIMITS.balance });
    });

    it('refuses a credit that would take the lifetime total beyond its limit', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      await seed(customerId, 10);
      await sql`update points_accounts set lifetime = ${POINTS_LIMITS.lifetime - 5} where customer_id = ${customerId}`.execute(ctx.db);
      const answer = await adjust(customerId, 6);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toContain('lifetime');
      expect(await entryCount(customerId)).toBe(1);
    });

    it('refuses a rule worth more points than the limit', async () => {
      const answer = await call('/api/v1/points/store', { type: 'signup', title: 'Sign up', points: POINTS_LIMITS.rulePoints + 1 });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.points).toContain('1,000,000');
    });

    it('states the limits in the OpenAPI document', async () => {
      const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const bodyOf = (path: string) => document.paths[path].post.requestBody.content['application/json'].schema.properties;
      expect(bodyOf('/data/v1/customer/adjust/points').points).toMatchObject({ minimum: -POINTS_LIMITS.adjustment, maximum: POINTS_LIMITS.adjustment });
      expect(bodyOf('/data/v1/customer/points/update').balance.maximum).toBe(POINTS_LIMITS.balance);
      expect(bodyOf('/data/v1/customer/adjust/points').points.description).toContain('balance');
    });
  },
  { postgres: true },
);
