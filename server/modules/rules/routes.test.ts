import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { readAccount, verifyLedger } from '../../domain/ledger/index.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';
import { applyOrderEvents } from '../orders/index.ts';
import type { NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { claimAction } from './actions.ts';

const DAY = 86_400_000;

const order = (id: string, cents: number, statuses = ['paid']): NormalizedOrder =>
  paidOrder(id, 'rules.buyer@example.com', cents, { statuses, updatedAt: `2026-03-01T00:00:0${statuses.length}Z` });

describeEachDatabase(
  'earning rules, ways to redeem and customer points',
  (ctx) => {
    const storeId = () => ctx.fixture.storeC.id;
    const session = () => signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, ctx.fixture.storeC.id);
    // one sign-in while the clock stands still (a test that moves it past the session lifetime signs in again)
    let signedIn: { at: number; headers: Record<string, string> } | undefined;
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      if (signedIn?.at !== ctx.clock.now().getTime()) signedIn = { at: ctx.clock.now().getTime(), headers: (await session()).headers };
      const { headers } = signedIn;
      return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };

    it('creates, lists, groups, updates and deletes earning rules of every type, with field messages', async () => {
      const bodies = [
        { type: 'order', title: 'Place an order', points: 1, config: { pending_days: 14, award_statuses: ['paid'], cancel_statuses: ['cancelled'] } },
        { type: 'signup', title: 'Sign up', points: 50, limit_type: 'once' },
        { type: 'birthday', title: 'Birthday', points: 100 },
        { type: 'anniversary', title: 'Anniversary', points: 75 },
        { type: 'social_follow', title: 'Follow', points: 10, limit_type: 'once', config: { network: 'instagram', url: 'https://instagram.com/shop' } },
        { type: 'social_share', title: 'Share', points: 5, limit_type: 'per_days', limit_days: 7, config: { network: 'facebook' } },
        { type: 'newsletter', title: 'Newsletter', points: 20, limit_type: 'once' },
        { type: 'review', title: 'Review', points: 15, limit_type: 'total', limit_total: 3 },
        { type: 'custom', title: 'Quiz', points: 30, config: { event: 'quiz.done' } },
      ];
      const ids: number[] = [];
      for (const body of bodies) {
        const created = await call('POST', '/api/v1/points/store', body);
        expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
        ids.push(created.json().data.id);
      }
      const list = (await call('GET', '/api/v1/points/list?limit=20&page=1&status=active')).json().data;
      expect(list.total).toBe(9);
      expect(list.data[0]).toMatchObject({ type: 'order', description: '1 point per $1 spent', config: { pending_days: 14, per_amount_minor: 100 } });
      const grouping = (await call('GET', '/api/v1/points/action/rule/grouping?status=all')).json().data.groups;
      expect([grouping.orders.length, grouping.actions.length, grouping.social.length, grouping.custom.length]).toEqual([1, 5, 2, 1]);
      const updated = await call('POST', '/api/v1/points/update', { id: ids[3], type: 'anniversary', title: 'Anniversary', points: 80, status: 'inactive' });
      expect(updated.json().data).toMatchObject({ points: 80, status: 'inactive' });
      expect((await call('GET', `/api/v1/points/action/rule/${ids[3]}`)).json().data.points).toBe(80);
      expect((await call('DELETE', `/api/v1/points/${ids[3]}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/points/action/rule/${ids[3]}`)).statusCode).toBe(404);
      for (const [body, field] of [
        [{ type: 'social_follow', title: 'x', points: 1 }, 'config.network'],
        [{ type: 'custom', title: 'x', points: 1 }, 'config.event'],
        [{ type: 'review', title: 'x', points: 1, limit_type: 'per_days' }, 'limit_days'],
        [{ type: 'order', title: 'x', points: 1, config: { per_amount_minor: 0 } }, 'config.per_amount_minor'],
        [{ type: 'nope', title: 'x', points: 1 }, 'type'],
      ] as const) {
        const refused = await call('POST', '/api/v1/points/store', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(refused.json().errors)).toContain(field);
      }
      const expiry = await call('POST', '/api/v1/points/expiry/create', { enabled: true, expiry_days: 180 });
      expect(expiry.statusCode).toBe(200);
      expect((await call('GET', '/api/v1/points/expiry/detail')).json().data).toEqual({
        enabled: true,
        expiry_days: 180,
        early_reminder_days: 30,
        final_reminder_days: 7,
      });
    });

    it('enforces limits: once, once every N days, a total; inactive rules earn nothing', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      const claim = (type: string, extra: object = {}) => claimAction(ctx.db, { storeId: storeId(), customerId, type, ...extra }, ctx.clock.now());
      expect((await claim('newsletter')).duplicate).toBe(false);
      expect((await claim('newsletter')).duplicate).toBe(true);
      await claim('social_share', { network: 'facebook', claimKey: 'share-1' });
      await expect(claim('social_share', { network: 'facebook', claimKey: 'share-2' })).rejects.toThrow('This reward can be earned once every 7 days.');
      ctx.clock.advance(8 * DAY);
      await claim('social_share', { network: 'facebook', claimKey: 'share-3' });
      for (const review of ['r1', 'r2', 'r3']) await claim('review', { claimKey: review });
      await expect(claim('review', { claimKey: 'r4' })).rejects.toThrow('This reward can be earned 3 times.');
      await expect(claim('anniversary')).rejects.toThrow('There is no active way to earn for this action.');
      await claim('custom', { event: 'quiz.done', claimKey: 'quiz-1' });
      expect(await readAccount(ctx.db, storeId(), customerId, ctx.clock.now())).toEqual({ balance: 20 + 5 + 5 + 45 + 30, pending: 0, lifetime: 105 });
    });

    it('holds order points for the pending days, and a cancellation status reverses them before release', async () => {
      const now = ctx.clock.now();
      await applyOrderEvents(
        ctx.db,
        storeId(),
        [
          { platform: 'custom', orderExternalId: 'P1', order: order('P1', 4_250) },
          { platform: 'custom', orderExternalId: 'P2', order: order('P2', 1_000) },
        ],
        now,
      );
      const customer = await ctx.db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', 'rules.buyer@example.com')
        .where('store_id', '=', storeId())
        .executeTakeFirstOrThrow();
      expect(await readAccount(ctx.db, storeId(), customer.id, now)).toEqual({ balance: 0, pending: 52, lifetime: 0 });
      await applyOrderEvents(ctx.db, storeId(), [{ platform: 'custom', orderExternalId: 'P2', order: order('P2', 1_000, ['paid', 'cancelled']) }], now);
      expect(await readAccount(ctx.db, storeId(), customer.id, now)).toEqual({ balance: 0, pending: 42, lifetime: 0 });
      expect(await readAccount(ctx.db, storeId(), customer.id, new Date(now.getTime() + 15 * DAY))).toEqual({ balance: 42, pending: 0, lifetime: 42 });
      // the store's expiry setting (180 days, saved in the first test) dates the earned batch
      const batch = await ctx.db.selectFrom('points_batches').select('expires_at').where('customer_id', '=', customer.id).executeTakeFirstOrThrow();
      expect(batch.expires_at?.toISOString()).toBe(new Date(now.getTime() + 180 * DAY).toISOString());
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('redeems every kind of reward, rolls an unused one back and refuses without points', async () => {
      const customerId = await newCustomer(ctx.db, storeId());
      const adjust = await call('POST', '/data/v1/customer/adjust/points', { customer_id: customerId, points: 3_000, reason: 'Welcome gift' });
      expect(adjust.statusCode).toBe(200);
      expect(adjust.json().data.account).toEqual({ balance: 3_000, pending: 0, lifetime: 3_000 });
      // rules name real catalogue ids: unknown ones are refused, naming the field, nothing saved
      const unknown = await call('POST', '/api/v1/redeem/store', {
        type: 'free_product',
        title: 'Free mug',
        points_cost: 400,
        config: { free_product_id: 'mug' },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ 'config.free_product_id': 'Unknown product: mug.' });
      expect((await call('GET', '/api/v1/redeem?limit=10&page=1')).json().data.data).toEqual([]);
      const products = [{ product_id: 'mug', title: 'Mug', collection_ids: ['coffee'], collection_titles: ['Coffee'] }];
      expect((await call('POST', '/data/v1/product/import', { format: 'json', products })).statusCode).toBe(200);
      const kinds = [
        { type: 'fixed_amount', title: '$5 off', points_cost: 500, discount_value: 500, config: { min_order_minor: 2_000, reward_expiry_days: 30 } },
        { type: 'percentage', title: '10% off', points_cost: 1_000, discount_value: 10, config: { collection_ids: ['coffee'] } },
        { type: 'free_shipping', title: 'Free shipping', points_cost: 300 },
        { type: 'free_product', title: 'Free mug', points_cost: 400, config: { free_product_id: 'mug' } },
        {
          type: 'variable',
          title: 'Points to dollars',
          points_cost: 0,
          config: { points_per_step: 100, step_value_minor: 100, min_points: 100, max_points: 1_000 },
        },
      ];
      const ids: number[] = [];
      for (const kind of kinds) {
        const created = await call('POST', '/api/v1/redeem/store', kind);
        expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
        ids.push(created.json().data.id);
      }
      expect((await call('GET', '/api/v1/redeem?limit=10&page=1')).json().data.data.map((rule: { description: string }) => rule.description)).toEqual([
        'Points to dollars',
        'Free shipping',
        'Free product',
        '$5 off',
        '10% off',
      ]);
      expect((await call('POST', '/api/v1/redeem/store', { type: 'percentage', title: 'x', points_cost: 10, discount_value: 150 })).statusCode).toBe(422);
      const redeem = (redeemId: number, points?: number) =>
        call('POST', '/data/v1/redeem/point', { customer_id: customerId, redeem_id: redeemId, ...(points ? { points } : {}) });
      const five = (await redeem(ids[0]!)).json().data;
      expect(five).toMatchObject({
        title: '$5 off',
        points_spent: 500,
        status: 'active',
        expires_at: new Date(ctx.clock.now().getTime() + 30 * DAY).toISOString(),
      });
      const tenOff = (await redeem(ids[1]!)).json().data;
      expect(tenOff).toMatchObject({ discount_type: 'percentage', discount_value: 10 });
      await redeem(ids[2]!);
      await redeem(ids[3]!);
      expect((await redeem(ids[4]!, 250)).json().data).toMatchObject({ points_spent: 200, discount_value: 200 });
      expect((await redeem(ids[4]!, 5_000)).statusCode).toBe(422);
      // 3,000 − 500 − 1,000 − 300 − 400 − 200 = 600
      const poor = await redeem(ids[1]!);
      expect(poor.statusCode).toBe(422);
      expect(poor.json().message).toBe('Not enough points');
      const back = await call('POST', '/data/v1/customer/points/refund', { reward_id: five.id, reason: 'order refunded' });
      expect(back.json().data.status).toBe('rolled_back');
      await call('POST', '/data/v1/customer/points/refund', { reward_id: five.id });
      expect(await readAccount(ctx.db, storeId(), customerId, ctx.clock.now())).toMatchObject({ balance: 1_100 });
      // an order that used the 10% code marks that reward used: it can no longer be rolled back
      const used = { ...order('USED-1', 2_000), discountCodes: [tenOff.code.toLowerCase()] };
      await applyOrderEvents(ctx.db, storeId(), [{ platform: 'custom', orderExternalId: 'USED-1', order: used }], ctx.clock.now());
      const refused = await call('POST', '/data/v1/customer/points/refund', { reward_id: tenOff.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This reward was already used at checkout.');
      const take = await call('POST', '/data/v1/customer/adjust/points', { customer_id: customerId, points: -5_000, reason: 'too much' });
      expect(take.statusCode).toBe(422);
      const set = await call('POST', '/data/v1/customer/points/update', { customer_id: customerId, balance: 250, reason: 'Support correction' });
      expect(set.json().data.account.balance).toBe(250);
      const history = (await call('POST', '/data/v1/transaction/points', { customer_id: customerId, limit: 50 })).json().data.data;
      expect(history[0]).toMatchObject({ type: 'adjustment', points: -850, reason: 'Support correction' });
      expect(history.at(-1)).toMatchObject({ type: 'adjustment', points: 3_000, reason: 'Welcome gift' });
      expect((await call('POST', '/data/v1/transaction/rewards', { customer_id: customerId })).json().data.data).toHaveLength(5);
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });
  },
  { workers: ['jobs'] },
);
