import * as fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { authHeaders } from '../../tests/helpers/server.ts';
import { createApiSession } from '../auth/sessions.ts';
import { json } from '../db/normalize.ts';
import { earningRuleBody } from '../contract/points.ts';
import { redeemRuleBody } from '../contract/redeem.ts';
import { HELD_UNTIL, credit, creditMany } from '../domain/ledger/index.ts';
import { newCustomer } from '../domain/ledger/testing.ts';
import { saveReferralSettings } from '../modules/referrals/index.ts';
import { createEarningRule, createRedeemRule, redeemReward } from '../modules/rules/index.ts';
import { referralSettingsBody } from '../modules/referrals/contract.ts';
import { can, type Permission } from '../domain/schemas/permissions.ts';
import { tierBody, vipSettingsBody } from '../modules/vip/contract.ts';
import { reevaluateTiers, saveSettings, storeTier } from '../modules/vip/index.ts';

/** One staff call: where, and what it sends (the world it acts on is arranged first). */
interface Call {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  url: string;
  payload?: unknown;
}

const BIG = 1_000_000;

describeEachDatabase('staff points cap: no call a staff session can make moves more points than the cap', (ctx) => {
  const store = () => ctx.fixture.storeA;
  const world = { birthdayRuleId: 0, variableRedeemId: 0, tiers: [] as number[] };
  let staffUserId = 0;

  const staffHeaders = async () => {
    const session = await createApiSession(ctx.db, staffUserId, store().id, ctx.clock.now(), ctx.config.sessionTtlMs);
    return authHeaders({
      token: session.token,
      store_access_token: store().accessToken,
      user: {
        id: staffUserId,
        name: 'Sara',
        email: ctx.fixture.users.sara,
        role: 'staff',
        stage: 0,
        status: 'active',
        store: null,
        user_access_token: session.userAccessToken,
      },
    });
  };

  const lastEntryId = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const setCap = (cap: number) =>
    sql`update stores set settings = jsonb_set(settings, '{staff_adjustment_cap}', ${JSON.stringify(cap)}::jsonb) where id = ${store().id}`.execute(ctx.db);

  /** A customer holding `points` (credited as the store's systems would, tiers measured after). */
  const customerWith = async (points: number) => {
    const customerId = await newCustomer(ctx.db, store().id, 'cap');
    if (points > 0) {
      await creditMany(
        ctx.db,
        [{ storeId: store().id, customerId, type: 'order_earn', sourceType: 'order', sourceId: randomBytes(8).toString('hex'), computation: 'seed', points }],
        ctx.clock.now(),
      );
      await reevaluateTiers(ctx.db, store().id, [customerId], ctx.clock.now());
    }
    return customerId;
  };

  const rewardOf = async (points: number) => {
    const customerId = await customerWith(points);
    return redeemReward(ctx.db, { storeId: store().id, customerId, redeemId: world.variableRedeemId, points }, ctx.clock.now());
  };

  const referral = async (state: 'pending' | 'blocked', paid: boolean) => {
    const referrerId = await customerWith(0);
    const row = await ctx.db
      .insertInto('referrals')
      .values({
        store_id: store().id,
        referrer_id: referrerId,
        friend_email: `friend.${randomBytes(4).toString('hex')}@example.test`,
        friend_customer_id: null,
        friend_code: null,
        friend_reward: json({}),
        state,
        reason: state === 'blocked' ? 'held for review' : null,
        flags: json([]),
        ip: null,
        device: null,
        order_key: paid ? `custom:${randomBytes(4).toString('hex')}` : null,
        order_number: paid ? '#1' : null,
        order_total_minor: paid ? 5000 : null,
        order_currency: paid ? 'USD' : null,
        completes_at: null,
        completed_at: null,
        reward_entry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const points = fc.integer({ min: 1, max: 2 * BIG });
  const balance = fc.integer({ min: 0, max: 3 * BIG });
  const post = (url: string, payload: unknown): Call => ({ method: 'POST', url, payload });

  /**
   * Every route staff may call that writes: how a call can try to move points. A new one fails
   * the coverage check below until it is listed here.
   */
  const SCENARIOS: Record<string, fc.Arbitrary<() => Promise<Call>>> = {
    'POST /data/v1/customer/adjust/points': fc
      .record({ start: balance, delta: fc.integer({ min: -2 * BIG, max: 2 * BIG }).filter((value) => value !== 0) })
      .map(
        ({ start, delta }) =>
          async () =>
            post('/data/v1/customer/adjust/points', { customer_id: await customerWith(start), points: delta, reason: 'goodwill' }),
      ),
    'POST /data/v1/customer/points/update': fc.record({ start: balance, target: balance }).map(
      ({ start, target }) =>
        async () =>
          post('/data/v1/customer/points/update', { customer_id: await customerWith(start), balance: target, reason: 'fix' }),
    ),
    'POST /data/v1/customer/points/approve': points.map((held) => async () => {
      const customerId = await customerWith(0);
      const { entry } = await credit(
        ctx.db,
        {
          storeId: store().id,
          customerId,
          type: 'order_earn',
          points: held,
          releaseAt: HELD_UNTIL,
          sourceType: 'order',
          sourceId: randomBytes(8).toString('hex'),
          computation: 'an order in another currency',
        },
        ctx.clock.now(),
      );
      return post('/data/v1/customer/points/approve', { entry_id: entry.id });
    }),
    'POST /data/v1/customer/points/refund': points.map(
      (spent) => async () => post('/data/v1/customer/points/refund', { reward_id: (await rewardOf(spent)).id }),
    ),
    'POST /data/v1/reward/use': points.map((spent) => async () => post('/data/v1/reward/use', { code: (await rewardOf(spent)).code })),
    'POST /data/v1/redeem/point': fc.record({ start: balance, spend: points }).map(
      ({ start, spend }) =>
        async () =>
          post('/data/v1/redeem/point', { customer_id: await customerWith(start), redeem_id: world.variableRedeemId, points: Math.min(spend, 10 * BIG) }),
    ),
    'POST /data/v1/customer/birthday': fc
      .record({ rulePoints: fc.integer({ min: 1, max: BIG }), daysAhead: fc.integer({ min: 0, max: 400 }) })
      .map(({ rulePoints, daysAhead }) => async () => {
        await ctx.db.updateTable('earning_rules').set({ points: rulePoints }).where('id', '=', world.birthdayRuleId).execute();
        const day = new Date(ctx.clock.now().getTime() + daysAhead * 86_400_000).toISOString().slice(4, 10);
        return post('/data/v1/customer/birthday', { customer_id: await customerWith(0), birthday: `1990${day}` });
      }),
    'POST /data/v1/tag/customer': fc
      .array(fc.constantFrom('vip', 'wholesale', 'press'), { minLength: 1, maxLength: 3 })
      .map((tags) => async () => post('/data/v1/tag/customer', { customer_ids: [await customerWith(0)], add: tags })),
    'POST /data/v1/receipt/review': fc
      .record({ amountMinor: fc.integer({ min: 0, max: 500_000 }), approve: fc.boolean() })
      .map(({ amountMinor, approve }) => async () => {
        const receipt = await ctx.db
          .insertInto('receipts')
          .values({
            store_id: store().id,
            customer_id: await customerWith(0),
            amount_minor: amountMinor,
            currency: 'USD',
            purchased_on: null,
            file_name: 'receipt.png',
            mime_type: 'image/png',
            size_bytes: 3,
            image: new Uint8Array([1, 2, 3]),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return post(
          '/data/v1/receipt/review',
          approve ? { receipt_id: receipt.id, action: 'approve' } : { receipt_id: receipt.id, action: 'reject', reason: 'blurry' },
        );
      }),
    'POST /data/v1/referral/cancel': fc.record({ state: fc.constantFrom('pending' as const, 'blocked' as const), paid: fc.boolean() }).map(
      ({ state, paid }) =>
        async () =>
          post('/data/v1/referral/cancel', { id: await referral(state, paid), reason: 'fraud' }),
    ),
    'POST /data/v1/referral/unblock': fc.record({ reward: fc.integer({ min: 1, max: BIG }), paid: fc.boolean() }).map(({ reward, paid }) => async () => {
      await saveReferralSettings(ctx.db, store().id, referralSettingsBody.parse({ referrer_reward: { type: 'points', value: reward } }), ctx.clock.now());
      return post('/data/v1/referral/unblock', { id: await referral('blocked', paid) });
    }),
    'POST /data/v1/vip/switch': fc.record({ start: fc.integer({ min: 0, max: 20_000 }), tier: fc.integer({ min: -1, max: 1 }) }).map(
      ({ start, tier }) =>
        async () =>
          post('/data/v1/vip/switch', { customer_id: await customerWith(start), tier_id: tier < 0 ? null : world.tiers[tier], reason: 'goodwill' }),
    ),
  };

  /** Any other route staff may call (reads, account, previews): random ids and bodies. */
  const anyOtherCall = (routes: { method: string; url: string }[]) =>
    fc
      .record({
        route: fc.constantFrom(...routes),
        id: fc.constantFrom(...store().customerIds, 1, 999_999),
        body: fc.dictionary(fc.constantFrom('customer_id', 'points', 'id', 'tier_id', 'balance', 'entry_id', 'reward_id', 'event', 'event_id'), fc.jsonValue()),
      })
      .map(({ route, id, body }) => async (): Promise<Call> => {
        const url = route.url.replace(':kind', 'widget').replace(/:\w+/g, String(id));
        const method = route.method as Call['method'];
        return method === 'GET' || method === 'DELETE' ? { method, url } : { method, url, payload: body };
      });

  const staffRoutes = () =>
    ctx.app.registeredRoutes.filter((route) => route.auth === 'store' && route.permission !== undefined && can('staff', route.permission as Permission));

  beforeAll(async () => {
    staffUserId = (await ctx.db.selectFrom('users').select('id').where('email', '=', ctx.fixture.users.sara).executeTakeFirstOrThrow()).id;
    const now = ctx.clock.now();
    const storeId = store().id;
    world.birthdayRuleId = (await createEarningRule(ctx.db, storeId, earningRuleBody.parse({ type: 'birthday', title: 'Birthday', points: BIG }), now)).id;
    // receipts: 10 points per cent, so a $1,000 receipt is worth 1,000,000 points
    await createEarningRule(ctx.db, storeId, earningRuleBody.parse({ type: 'order', title: 'Orders', points: 10, config: { per_amount_minor: 1 } }), now);
    world.variableRedeemId = (
      await createRedeemRule(
        ctx.db,
        storeId,
        redeemRuleBody.parse({
          type: 'variable',
          title: 'Any points off',
          points_cost: 0,
          config: { points_per_step: 1, step_value_minor: 1, max_points: 10 * BIG },
        }),
        now,
      )
    ).id;
    await saveSettings(ctx.db, storeId, vipSettingsBody.parse({ basis: 'points', period: 'lifetime', fall_below: 'drop' }), now);
    for (const [name, threshold, reward] of [
      ['Silver', 500, BIG],
      ['Gold', 10_000, 10 * BIG],
    ] as const) {
      world.tiers.push((await storeTier(ctx.db, storeId, tierBody.parse({ name, threshold, perks: [{ kind: 'entry_reward', points: reward }] }), now)).id);
    }
  });

  it('every route staff may call that writes has a scenario', () => {
    const writing = staffRoutes()
      .filter((route) => route.permission === 'customers:support')
      .map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(SCENARIOS).sort()).toEqual(writing.sort());
  });

  it('property: for every route a staff session can call, the points one call moves are at most the cap (0, 50, 1,000 or 250,000)', async () => {
    const scenarioRoutes = new Set(Object.keys(SCENARIOS));
    const others = staffRoutes().filter((route) => !scenarioRoutes.has(`${route.method} ${route.url}`));
    const seen = { refused: 0, moved: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 50, 1_000, 250_000),
        fc.oneof(
          { arbitrary: fc.oneof(...(Object.values(SCENARIOS) as [fc.Arbitrary<() => Promise<Call>>])), weight: 4 },
          { arbitrary: anyOtherCall(others), weight: 1 },
        ),
        async (cap, arrange) => {
          await setCap(cap);
          const call = await arrange();
          const last = await lastEntryId();
          const headers = await staffHeaders();
          const response = await ctx.app.inject(
            call.payload === undefined
              ? { method: call.method, url: call.url, headers }
              : { method: call.method, url: call.url, headers, payload: call.payload as object },
          );
          const where = `${call.method} ${call.url} ${JSON.stringify(call.payload)} (cap ${cap}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
          const written = await ctx.db.selectFrom('ledger_entries').select(['points', 'pending_points']).where('id', '>', last).execute();
          const moved = written.reduce((sum, entry) => sum + Math.abs(Number(entry.points)) + Math.max(0, Number(entry.pending_points)), 0);
          expect(response.statusCode, where).toBeLessThan(500);
          expect(moved, where).toBeLessThanOrEqual(cap);
          if (response.statusCode === 403 && response.json<{ code: string }>().code === 'adjustment_cap') seen.refused += 1;
          if (moved > 0) seen.moved += 1;
        },
      ),
      { numRuns: 250, seed: 32 },
    );
    // the property held on calls that did move points and on calls it refused
    expect(seen.moved).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  }, 300_000);

  it('a refusal names the cap and what the call would have moved, and writes nothing: a tier switch with a 1,000,000-point entry reward', async () => {
    const customerId = await customerWith(0);
    await ctx.db
      .updateTable('stores')
      .set({ settings: sql`jsonb_set(settings, '{staff_adjustment_cap}', '1000'::jsonb)` })
      .where('id', '=', store().id)
      .execute();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/data/v1/vip/switch',
      headers: await staffHeaders(),
      payload: { customer_id: customerId, tier_id: world.tiers[0], reason: 'goodwill' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'adjustment_cap',
      message: 'Staff can move at most 1,000 points at a time (this would move 1,000,000); ask an owner or admin.',
    });
    expect(await ctx.db.selectFrom('ledger_entries').select('id').where('customer_id', '=', customerId).execute()).toEqual([]);
    expect((await ctx.db.selectFrom('customers').select('vip_tier').where('id', '=', customerId).executeTakeFirstOrThrow()).vip_tier).toBeNull();
  });
});
