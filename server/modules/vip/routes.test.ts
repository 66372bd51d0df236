import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { credit } from '../../domain/ledger/index.ts';
import { reevaluateTiers } from './service.ts';
import { customerDigest } from '../../auth/shopper-digest.ts';

describeEachDatabase(
  'VIP tiers, perks, settings, simulation and automatic discounts',
  (ctx) => {
    const store = () => ctx.fixture.storeC;
    let signedIn: { at: number; headers: Record<string, string> } | undefined;
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      if (signedIn?.at !== ctx.clock.now().getTime())
        signedIn = {
          at: ctx.clock.now().getTime(),
          headers: (await signInOnStore(ctx.app, ctx.fixture.users.alice, ctx.fixture.password, store().id)).headers,
        };
      return ctx.app.inject({ method, url, headers: signedIn.headers, ...(payload ? { payload } : {}) });
    };
    const waitForJob = async (id: number) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const job = (await call('GET', `/api/v1/vip/jobs/${id}`)).json().data;
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setImmediate(resolve));
      }
      throw new Error('the apply job did not finish');
    };
    const earn = (customerId: number, points: number, id: string) =>
      credit(
        ctx.db,
        { storeId: store().id, customerId, type: 'adjustment', points, sourceType: 'test', sourceId: id, computation: `+${points}` },
        ctx.clock.now(),
      );

    it('creates tiers with perks, refuses bad input with nothing changed, simulates, applies in a job and switches by hand', async () => {
      const [first, second] = store().customerIds as [number, number];
      await earn(first, 600, 'a');
      await earn(second, 150, 'b');
      const settings = await call('POST', '/api/v1/vip/settings/store', { basis: 'points', period: 'lifetime', fall_below: 'drop' });
      expect(settings.statusCode, settings.body).toBe(200);
      const silver = await call('POST', '/api/v1/vip/store', { name: 'Silver', threshold: 100 });
      expect(silver.statusCode, silver.body).toBe(201);
      const gold = await call('POST', '/api/v1/vip/store', {
        name: 'Gold',
        threshold: 500,
        perks: [{ kind: 'multiplier', multiplier: 1.5 }, { kind: 'entry_reward', points: 50 }, { kind: 'free_shipping' }],
      });
      expect(gold.statusCode, gold.body).toBe(201);
      const goldId = gold.json().data.tier.id;
      expect((await waitForJob(gold.json().data.job.id)).status).toBe('done');

      const before = (await call('GET', '/api/v1/vip?limit=10&page=1')).json().data;
      expect(before.data.map((tier: { name: string; members: number }) => [tier.name, tier.members])).toEqual([
        ['Silver', 1],
        ['Gold', 1],
      ]);
      expect(before.data[1].perks.map((perk: { description: string }) => perk.description)).toEqual([
        'Earn 1.5× points',
        '50 bonus points on reaching the tier',
        'Free shipping',
      ]);
      for (const [body, field] of [
        [{ name: 'Bronze', threshold: 100 }, 'threshold'],
        [{ name: '', threshold: 50 }, 'name'],
        [{ name: 'Platinum', threshold: 900, perks: [{ kind: 'multiplier', multiplier: 0 }] }, 'perks.0.multiplier'],
        [{ name: 'Platinum', threshold: 900, perks: [{ kind: 'multiplier', multiplier: 11 }] }, 'perks.0.multiplier'],
        [{ name: 'gold', threshold: 900 }, 'name'],
      ] as const) {
        const refused = await call('POST', '/api/v1/vip/store', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(refused.json().errors)).toContain(field);
      }
      expect((await call('GET', '/api/v1/vip?limit=10&page=1')).json().data.total).toBe(2);
      const unordered = await call('POST', '/api/v1/vip/simulate', {
        tiers: [
          { name: 'Gold', threshold: 500 },
          { name: 'Silver', threshold: 100 },
        ],
      });
      expect(unordered.statusCode).toBe(422);
      expect(unordered.json().errors).toHaveProperty(['tiers.1.threshold']);

      const simulation = await call('POST', '/api/v1/vip/simulate', { tier: { id: goldId, name: 'Gold', threshold: 120 } });
      expect(simulation.statusCode, simulation.body).toBe(200);
      expect(simulation.json().data).toMatchObject({ moved_up: 1, moved_down: 0, entry_reward_points: 50 });
      const saved = await call('POST', '/api/v1/vip/store', { id: goldId, name: 'Gold', threshold: 120 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await waitForJob(saved.json().data.job.id)).toMatchObject({ status: 'done', moved_up: 1 });
      const tiers = (await call('POST', '/data/v1/vip/tiers', { customer_id: second })).json().data;
      expect(tiers.member).toMatchObject({ tier: 'Gold', value: 150, next: null });
      // the perks survived the change of threshold (not given: not replaced)
      expect(tiers.tiers[1].perks).toHaveLength(3);

      const switched = await call('POST', '/data/v1/vip/switch', { customer_id: second, tier_id: before.data[0].id, reason: 'Complaint goodwill' });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json().data).toMatchObject({ changed: true, member: { tier: 'Silver' } });
      expect((await call('POST', '/data/v1/vip/switch', { customer_id: second, tier_id: before.data[0].id, reason: '' })).statusCode).toBe(422);
      const activity = (await call('GET', `/data/v1/vip/activity?customer_id=${second}`)).json().data;
      expect(activity.data.map((row: { from: string | null; to: string; cause: string }) => [row.from, row.to, row.cause])).toEqual([
        ['Gold', 'Silver', 'manual'],
        ['Silver', 'Gold', 'settings'],
        [null, 'Silver', 'settings'],
      ]);
      expect(activity.data[0].reason).toMatch(/^Complaint goodwill \(by /);
      const group = (await call('POST', '/data/v1/vip/group', { tier_id: goldId })).json().data;
      expect(group.data.map((row: { id: number }) => row.id)).toEqual([first]);
    });

    it('grants automatic discounts to tiers and shows the member their tier, progress and discounts on the storefront', async () => {
      const tiers = (await call('GET', '/api/v1/vip')).json().data.data as Array<{ id: number; name: string }>;
      const gold = tiers.find((tier) => tier.name === 'Gold')!;
      const created = await call('POST', '/api/v1/discount/create', {
        title: 'Gold 10%',
        discount_type: 'percentage',
        discount_value: 10,
        tier_ids: [gold.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.description).toBe('10% off every order');
      expect(
        (await call('POST', '/api/v1/discount/create', { title: 'x', discount_type: 'percentage', discount_value: 0, tier_ids: [gold.id] })).statusCode,
      ).toBe(422);
      expect((await call('POST', '/api/v1/discount/create', { title: 'x', discount_type: 'free_shipping', tier_ids: [999_999] })).json().errors).toHaveProperty(
        'tier_ids',
      );
      const id = created.json().data.id;
      const updated = await call('POST', '/api/v1/discount/update', {
        id,
        title: 'Gold 15%',
        discount_type: 'percentage',
        discount_value: 15,
        tier_ids: [gold.id],
      });
      expect(updated.json().data).toMatchObject({ title: 'Gold 15%', discount_value: 15 });
      expect((await call('GET', '/api/v1/discount/list/active')).json().data.map((row: { id: number }) => row.id)).toEqual([id]);
      expect((await call('GET', '/api/v1/discount/list/inactive')).json().data).toEqual([]);

      const customerId = store().customerIds[0]!;
      await ctx.db.updateTable('customers').set({ external_id: 'vip-shopper' }).where('id', '=', customerId).execute();
      await reevaluateTiers(ctx.db, store().id, [customerId], ctx.clock.now());
      const sign = { customer_id: 'vip-shopper', digest: customerDigest(store().hmacSecret, 'vip-shopper') };
      const member = (await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store().storeName}/member?${new URLSearchParams(sign)}` })).json().data;
      expect(member.tier).toMatchObject({ current: 'Gold', progress: 1, basis: 'points' });
      expect(member.vip.discounts.map((discount: { description: string }) => discount.description)).toEqual(['15% off every order']);
      const boot = (await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store().storeName}/bootstrap?${new URLSearchParams(sign)}` })).json().data;
      expect(boot.program.vipTiers.map((tier: { name: string }) => tier.name)).toEqual(['Silver', 'Gold']);
      expect(boot.program.vipTiers[1].perks).toContain('15% off every order');
      expect(boot.program.vipTiers[1].rewards).toEqual(['50 bonus points on reaching the tier']);
      // the storefront words what is left in the store's basis
      expect(boot.program).toMatchObject({ tierBasis: 'points', currency: 'USD' });

      expect((await call('DELETE', `/api/v1/discount/${id}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/discount/${id}`)).statusCode).toBe(404);
    });

    it("answers 404 for another store's tiers, perks, discounts and customers", async () => {
      const other = await signInOnStore(ctx.app, ctx.fixture.users.bob, ctx.fixture.password, ctx.fixture.storeB.id);
      const tiers = (await call('GET', '/api/v1/vip')).json().data.data as Array<{ id: number; perks: Array<{ id: number }> }>;
      const gold = tiers[1]!;
      for (const [method, url, payload] of [
        ['GET', `/api/v1/vip/tiers/${gold.id}`],
        ['DELETE', `/api/v1/vip/${gold.id}`],
        ['GET', `/api/v1/vip/perks/${gold.perks[0]!.id}`],
        ['DELETE', `/api/v1/vip/perks/${gold.perks[0]!.id}`],
        ['POST', '/api/v1/vip/perks/store', { tier_id: gold.id, kind: 'free_shipping' }],
        ['POST', '/data/v1/vip/switch', { customer_id: store().customerIds[0], tier_id: null, reason: 'x' }],
      ] as const) {
        const answer = await ctx.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call('GET', `/api/v1/vip/tiers/${gold.id}`)).statusCode).toBe(200);
    });
  },
  { workers: ['jobs'] },
);
