import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.ts';
import { runJobs } from '../../helpers/jobs.ts';
import { WebhookRunner } from '../../../server/jobs/webhook-runner.ts';
import { install, startStandIn } from './install-flow.ts';

let clockNow = () => new Date();
const { standIn, config } = await startStandIn(() => clockNow());
afterAll(() => standIn.stop());
const SHOP = 'sync-shop.myshopify.com';

describeEachDatabase(
  "Shopify customer webhooks keep the store's customers in step",
  (ctx) => {
    let storeId = 0;
    const send = async (topic: string, payload: unknown, webhookId?: string) => {
      const webhook = standIn.webhook(SHOP, topic, payload);
      const headers = webhookId ? { ...webhook.headers, 'x-shopify-webhook-id': webhookId } : webhook.headers;
      const response = await ctx.app.inject({ method: 'POST', url: '/platforms/shopify/webhooks', headers, payload: webhook.body });
      await new WebhookRunner(ctx.db, ctx.clock, { bigcommerceApiUrl: 'http://127.0.0.1:9' }).drain();
      return response;
    };
    const customerOf = (externalId: string) =>
      ctx.db
        .selectFrom('customers')
        .select(['id', 'email', 'first_name', 'last_name', 'tags', 'external_id', 'deleted_at', 'source'])
        .where('store_id', '=', storeId)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
    const signupEntries = async (customerId: number) =>
      ctx.db.selectFrom('ledger_entries').select(['points', 'type']).where('store_id', '=', storeId).where('customer_id', '=', customerId).execute();

    it('installs the shop', async () => {
      clockNow = () => ctx.clock.now();
      expect((await install(ctx.app, standIn, SHOP)).statusCode).toBe(303);
      storeId = (await ctx.db.selectFrom('stores').select('id').where('domain', '=', SHOP).executeTakeFirstOrThrow()).id;
      await runJobs(ctx.db, ctx.clock, false, ctx.config);
    });

    it('customers/create adds the customer with the sign-up rule’s points, once, even when Shopify sends it again', async () => {
      const payload = { id: 7001, email: 'Grace@Example.com', first_name: 'Grace', last_name: 'Hopper', tags: 'vip, newsletter' };
      expect((await send('customers/create', payload, 'create-7001')).statusCode).toBe(200);
      const grace = await customerOf('7001');
      expect(grace).toMatchObject({ email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', tags: ['newsletter', 'vip'], source: 'shopify' });
      expect(await signupEntries(grace!.id)).toEqual([{ points: 50, type: 'action_earn' }]);
      // the same delivery again (Shopify retries), and a second delivery of the same creation
      await send('customers/create', payload, 'create-7001');
      await send('customers/create', payload, 'create-7001-again');
      expect(await signupEntries(grace!.id)).toEqual([{ points: 50, type: 'action_earn' }]);
      expect(await ctx.db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', 'grace@example.com').execute()).toHaveLength(
        1,
      );
    });

    it('a customer an order created first is the same customer when customers/create follows', async () => {
      await ctx.db.insertInto('customers').values({ store_id: storeId, email: 'alan@example.com', first_name: '', last_name: '', source: 'order' }).execute();
      await send('customers/create', { id: 7002, email: 'alan@example.com', first_name: 'Alan', last_name: 'Turing', tags: '' });
      const alan = await customerOf('7002');
      expect(alan).toMatchObject({ email: 'alan@example.com', first_name: 'Alan', source: 'order' });
      expect(await signupEntries(alan!.id)).toEqual([{ points: 50, type: 'action_earn' }]);
    });

    it('customers/update changes the name, e-mail and tags; an e-mail another customer has stays as it was', async () => {
      await send('customers/update', { id: 7001, email: 'grace.hopper@example.com', first_name: 'Grace B.', last_name: 'Hopper', tags: 'vip' });
      expect(await customerOf('7001')).toMatchObject({ email: 'grace.hopper@example.com', first_name: 'Grace B.', tags: ['vip'] });
      await send('customers/update', { id: 7001, email: 'alan@example.com', first_name: 'Grace', last_name: 'Hopper', tags: '' });
      expect(await customerOf('7001')).toMatchObject({ email: 'grace.hopper@example.com', first_name: 'Grace', tags: [] });
      // an update names no sign-up
      expect(await signupEntries((await customerOf('7001'))!.id)).toHaveLength(1);
    });

    it('customers/update with a tag holding ; or |: one tag, those characters replaced, as the console would take it', async () => {
      await send('customers/update', {
        id: 7001,
        email: 'grace.hopper@example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        tags: 'net 30; wholesale, VIP|Gold',
      });
      expect(await customerOf('7001')).toMatchObject({ tags: ['VIP/Gold', 'net 30/wholesale'] });
    });

    it('customers/delete erases the customer’s personal data; the ledger stays', async () => {
      const grace = (await customerOf('7001'))!;
      await send('customers/delete', { id: 7001 });
      expect(await customerOf('7001')).toBeUndefined();
      const erased = await ctx.db.selectFrom('customers').select(['email', 'deleted_at']).where('id', '=', grace.id).executeTakeFirstOrThrow();
      expect(erased.email).toMatch(/@deleted\.invalid$/);
      expect(erased.deleted_at).not.toBeNull();
      expect(await signupEntries(grace.id)).toHaveLength(1);
    });

    it('a customer webhook with a bad signature or without a customer changes nothing', async () => {
      const webhook = standIn.webhook(SHOP, 'customers/create', { id: 7003, email: 'eve@example.com' });
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/platforms/shopify/webhooks',
        headers: { ...webhook.headers, 'x-shopify-hmac-sha256': 'AAAA' },
        payload: webhook.body,
      });
      expect(forged.statusCode).toBe(401);
      expect((await send('customers/create', { email: 'nobody@example.com' })).statusCode).toBe(200);
      expect(await customerOf('7003')).toBeUndefined();
      expect(
        await ctx.db
          .selectFrom('customers')
          .select('id')
          .where('store_id', '=', storeId)
          .where('email', 'in', ['eve@example.com', 'nobody@example.com'])
          .execute(),
      ).toEqual([]);
    });
  },
  { config, postgres: true },
);
