import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { earningRuleBody } from './contract/earning-rules.ts';
import { redeemRuleBody } from './contract/redeem-rules.ts';
import { credit, verifyLedger } from '../../domain/ledger/index.ts';
import { totals } from '../../domain/ledger/testing.ts';
import { createEarningRule } from './earning.ts';
import { createRedeemRule } from './redeem.ts';
import { customerDigest } from '../../auth/shopper-digest.ts';

const DAY = 86_400_000;

describeEachDatabase(
  'custom events, shopper claims and expiring rewards through the API',
  (ctx) => {
    const store = () => ctx.fixture.storeA;
    const customerId = () => store().customerIds[1]!;
    let headers: Record<string, string> = {};
    const sendEvent = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/points/event', headers, payload });
    const entryCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('store_id', '=', store().id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const externalId = 'events-shopper';
    const sign = () => ({ customer_id: externalId, digest: customerDigest(store().hmacSecret, externalId) });
    const url = (path: string) => `/storefront/v1/${store().storeName}${path}`;

    beforeAll(async () => {
      ({ headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id));
      const now = ctx.clock.now();
      await createEarningRule(
        ctx.db,
        store().id,
        earningRuleBody.parse({ type: 'custom', title: 'Complete your profile', points: 25, config: { event: 'profile.completed' } }),
        now,
      );
      await createEarningRule(
        ctx.db,
        store().id,
        earningRuleBody.parse({ type: 'custom', title: 'Write a review', points: 40, status: 'inactive', config: { event: 'review.written' } }),
        now,
      );
      await createEarningRule(
        ctx.db,
        store().id,
        earningRuleBody.parse({ type: 'custom', title: 'Join the club', points: 10, limit_type: 'once', config: { event: 'club.joined' } }),
        now,
      );
      await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'signup', title: 'Sign up', points: 50 }), now);
      await createEarningRule(ctx.db, store().id, earningRuleBody.parse({ type: 'anniversary', title: 'Member anniversary', points: 75 }), now);
      await ctx.db.updateTable('customers').set({ external_id: externalId }).where('id', '=', customerId()).execute();
    });

    it('awards a custom event once per event_id, by customer id or e-mail; a retry answers the same', async () => {
      const first = await sendEvent({ customer_id: customerId(), event: 'profile.completed', event_id: 'crm-1' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ customer_id: customerId(), event: 'profile.completed', event_id: 'crm-1', points: 25, pending_points: 0 });
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const entries = await entryCount();
      const retry = await sendEvent({ customer_id: customerId(), event: 'profile.completed', event_id: 'crm-1' });
      expect([retry.statusCode, retry.body, retry.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
      expect(await entryCount()).toBe(entries);
      const byEmail = await sendEvent({ email: 'BEN.ALPHA@alpha.test', event: 'profile.completed', event_id: 'crm-2' });
      expect(byEmail.json().data).toMatchObject({ customer_id: customerId(), points: 25 });
      expect((await totals(ctx.db, store().id, customerId())).balance).toBe(50);
      const history = await ctx.db
        .selectFrom('ledger_entries')
        .select('computation')
        .where('store_id', '=', store().id)
        .where('customer_id', '=', customerId())
        .orderBy('id')
        .execute();
      expect(history.map((entry) => entry.computation)).toEqual([
        'Complete your profile (event profile.completed #crm-1): 25 points',
        'Complete your profile (event profile.completed #crm-2): 25 points',
      ]);
    });

    it('staff cannot report custom events (a rule may be worth far more than their cap); an API client needs the events:write scope', async () => {
      const entries = await entryCount();
      const staff = await signInOnStore(ctx.app, ctx.fixture.users.sara, ctx.fixture.password, store().id);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/points/event',
        headers: staff.headers,
        payload: { customer_id: customerId(), event: 'profile.completed', event_id: 'staff-1' },
      });
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your role (staff) does not have the customers:manage permission.']);
      const clientWith = async (scopes: string[]) => {
        const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/oauth/clients', headers, payload: { name: `CRM ${scopes.join(' ')}`, scopes } });
        expect(created.statusCode, created.body).toBe(201);
        const { client_id, client_secret } = created.json().data as { client_id: string; client_secret: string };
        const token = await ctx.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id, client_secret } });
        return { authorization: `Bearer ${token.json().access_token as string}` };
      };
      const reader = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/points/event',
        headers: await clientWith(['points:read']),
        payload: { customer_id: customerId(), event: 'profile.completed', event_id: 'client-1' },
      });
      expect([reader.statusCode, reader.json().code]).toEqual([403, 'insufficient_scope']);
      expect(await entryCount()).toBe(entries);
      const reporter = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/points/event',
        headers: await clientWith(['events:write']),
        payload: { customer_id: customerId(), event: 'profile.completed', event_id: 'client-2' },
      });
      expect(reporter.statusCode, reporter.body).toBe(200);
      expect(reporter.json().data).toMatchObject({ customer_id: customerId(), points: 25 });
    });

    it('is documented in the OpenAPI document with its body', async () => {
      const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const call = document.paths['/api/v1/points/event'].post;
      expect(call.description).toContain('Idempotent-Replayed');
      expect(Object.keys(call.requestBody.content['application/json'].schema.properties).sort()).toEqual(['customer_id', 'email', 'event', 'event_id']);
      expect(document.paths['/data/v1/order/import/{id}'].get.summary).toBe('The progress of an order import');
      expect(document.paths['/data/v1/reward/use'].post).toBeDefined();
    });

    it('refuses unknown events, inactive rules, limits, foreign customers and bad bodies clearly, writing nothing', async () => {
      const entries = await entryCount();
      const unknown = await sendEvent({ customer_id: customerId(), event: 'cart.abandoned', event_id: 'x1' });
      expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
        404,
        'unknown_event',
        'No way to earn listens to the event "cart.abandoned": create a custom earning rule with this event name first.',
      ]);
      const inactive = await sendEvent({ customer_id: customerId(), event: 'review.written', event_id: 'x2' });
      expect([inactive.statusCode, inactive.json().code, inactive.json().message]).toEqual([
        422,
        'rule_inactive',
        'The way to earn for the event "review.written" is inactive: activate it to award points.',
      ]);
      const foreign = await sendEvent({ customer_id: ctx.fixture.storeB.customerIds[0], event: 'profile.completed', event_id: 'x3' });
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Customer not found.']);
      for (const payload of [
        { event: 'profile.completed', event_id: 'x4' },
        { customer_id: customerId(), email: 'ben.alpha@alpha.test', event: 'profile.completed', event_id: 'x4' },
        { customer_id: customerId(), event: 'profile.completed' },
        { customer_id: customerId(), event: 'bad event!', event_id: 'x5' },
      ]) {
        const response = await sendEvent(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().code).toBe('validation_failed');
      }
      expect(await entryCount()).toBe(entries);

      const joined = await sendEvent({ customer_id: customerId(), event: 'club.joined', event_id: 'j-1' });
      expect(joined.json().data.points).toBe(10);
      const again = await sendEvent({ customer_id: customerId(), event: 'club.joined', event_id: 'j-2' });
      expect([again.statusCode, again.json().code, again.json().message]).toEqual([409, 'limit_reached', 'This reward can be earned once.']);
      expect((await sendEvent({ customer_id: customerId(), event: 'club.joined', event_id: 'j-1' })).body).toBe(joined.body);
      expect(await entryCount()).toBe(entries + 1);
    });

    it('lets shoppers claim the sign-up reward once but never custom events or reviews; lists the anniversary way to earn', async () => {
      const act = (payload: object) => ctx.app.inject({ method: 'POST', url: url('/actions'), payload: { ...sign(), ...payload } });
      expect((await act({ action: 'signup' })).json().data).toEqual({ points: 50, duplicate: false });
      expect((await act({ action: 'signup' })).json().data).toEqual({ points: 50, duplicate: true });
      const entries = await entryCount();
      for (const action of ['custom', 'review', 'anniversary', 'order']) {
        const refused = await act({ action, event: 'profile.completed' });
        expect(refused.statusCode, action).toBe(422);
      }
      expect(await entryCount()).toBe(entries);
      const member = (await ctx.app.inject({ method: 'GET', url: url(`/member?${new URLSearchParams(sign())}`) })).json().data;
      expect(member.waysToEarn).toContainEqual({ id: expect.any(String), title: 'Member anniversary', points: 75, icon: 'calendar' });
    });

    it('shows an expired reward as expired to the shopper and the data host, and refuses its code and its refund', async () => {
      const now = ctx.clock.now();
      await credit(
        ctx.db,
        {
          storeId: store().id,
          customerId: customerId(),
          type: 'adjustment',
          points: 500,
          sourceType: 'test',
          sourceId: 'expiry-funds',
          computation: 'test funds',
        },
        now,
      );
      const rule = await createRedeemRule(
        ctx.db,
        store().id,
        redeemRuleBody.parse({ type: 'percentage', title: '10% off', points_cost: 200, discount_value: 10, config: { reward_expiry_days: 14 } }),
        now,
      );
      const redeemed = await ctx.app.inject({ method: 'POST', url: url('/redeem'), payload: { ...sign(), redeem_id: rule.id } });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const { code, id } = redeemed.json().data as { code: string; id: number };
      const member = async () => (await ctx.app.inject({ method: 'GET', url: url(`/member?${new URLSearchParams(sign())}`) })).json().data;
      expect((await member()).rewards).toContainEqual(expect.objectContaining({ code, status: 'active', used: false }));
      const balance = (await member()).pointsBalance;

      ctx.clock.advance(15 * DAY);
      ({ headers } = await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id));
      expect((await member()).rewards).toContainEqual(expect.objectContaining({ code, status: 'expired', used: false }));
      const listed = await ctx.app.inject({ method: 'POST', url: '/data/v1/transaction/rewards', headers, payload: { customer_id: customerId() } });
      expect(listed.json().data.data).toContainEqual(expect.objectContaining({ id, code, status: 'expired' }));
      const use = await ctx.app.inject({ method: 'POST', url: '/data/v1/reward/use', headers, payload: { code } });
      expect([use.statusCode, use.json().code]).toEqual([409, 'reward_expired']);
      expect(use.json().message).toMatch(/^This reward expired on \d{4}-\d{2}-\d{2}; its code no longer works and its points are not given back\.$/);
      const refund = await ctx.app.inject({ method: 'POST', url: '/data/v1/customer/points/refund', headers, payload: { reward_id: id } });
      expect([refund.statusCode, refund.json().code]).toEqual([409, 'reward_expired']);
      expect((await member()).pointsBalance).toBe(balance);
      const unknown = await ctx.app.inject({ method: 'POST', url: '/data/v1/reward/use', headers, payload: { code: 'LS-NOSUCHCODE' } });
      expect(unknown.statusCode).toBe(404);
      expect(await verifyLedger(ctx.db, store().id)).toEqual([]);
    });
  },
  { workers: ['jobs'] },
);
