/**
 * BigCommerce's customer webhooks keep the store's customers in step (each names the customer's
 * id only: the server fetches the customer from the v3 API), and a delivery with a bad secret
 * header, for an unknown store, or a storefront JWT not signed by the app changes nothing.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, snapshotTables } from '../../../../tests/helpers/db.ts';
import type { WebhookRequest } from '../../../../tests/platforms/bigcommerce/client.ts';
import { currentCustomerJwt } from '../../../../tests/platforms/bigcommerce/signing.ts';
import { bigcommerceStandInForFile } from '../../../../tests/platforms/bigcommerce/suite.ts';
import { JobRunner } from '../../../jobs/engine.ts';
import { jobKinds } from '../../../workers.ts';

const { standIn, bc, platforms } = await bigcommerceStandInForFile();

describeEachDatabase(
  'BigCommerce customer webhooks',
  (ctx) => {
    // one stand-in serves both databases' runs: each its own store
    const HASH = `cust${ctx.backend}`;
    const customer = {
      id: 901,
      email: 'Rae@Trail.example',
      first_name: 'Rae',
      last_name: 'Walker',
      customer_group_id: 0,
      date_created: new Date().toUTCString(),
    };
    const storeOfHash = () =>
      ctx.db
        .selectFrom('stores')
        .innerJoin('platform_connections', 'platform_connections.store_id', 'stores.id')
        .selectAll('stores')
        .where('platform_connections.shop', '=', HASH)
        .executeTakeFirstOrThrow();
    const deliver = async (request: WebhookRequest, change: { headers?: Record<string, string>; destination?: string } = {}) => {
      const destination = new URL(change.destination ?? request.destination);
      return ctx.app.inject({
        method: 'POST',
        url: destination.pathname + destination.search,
        headers: { ...request.headers, ...change.headers },
        payload: request.body,
      });
    };
    const webhook = async (scope: string, id: number) => (await bc.webhooks(HASH, scope, { type: 'customer', id }))[0]!;
    const customerRow = async () =>
      ctx.db
        .selectFrom('customers')
        .select(['id', 'email', 'first_name', 'last_name', 'external_id', 'source'])
        .where('store_id', '=', (await storeOfHash()).id)
        .where('external_id', '=', String(customer.id))
        .executeTakeFirst();
    const signupEntries = async () =>
      ctx.db
        .selectFrom('ledger_entries')
        .select(['points', 'pending_points'])
        .where('store_id', '=', (await storeOfHash()).id)
        .where('type', '=', 'action_earn')
        .execute();
    const counts = async () => ({
      events: (await ctx.db.selectFrom('webhook_events').select('id').execute()).length,
      entries: (await ctx.db.selectFrom('ledger_entries').select('id').execute()).length,
    });

    it('installs the store and registers the customer hooks', async () => {
      const callback = await bc.install(HASH, { id: 3, email: 'owner@cust42.example' }, 'Trail Co');
      expect((await ctx.app.inject({ method: 'GET', url: `/platforms/bigcommerce/auth?${new URLSearchParams({ ...callback })}` })).statusCode).toBe(303);
      await new JobRunner(ctx.db, ctx.clock, jobKinds(false, ctx.config)).drain();
      expect((await bc.hooks(HASH)).map((hook) => hook.scope)).toEqual(
        expect.arrayContaining(['store/customer/created', 'store/customer/updated', 'store/customer/deleted']),
      );
    });

    it('store/customer/created: the customer is fetched and written, with the sign-up points once, even when the webhook comes again', async () => {
      await bc.addCustomers(HASH, [customer]);
      const created = await webhook('store/customer/created', customer.id);
      expect((await deliver(created)).json().data).toEqual({ received: true, duplicate: false });
      expect((await deliver(created)).json().data).toEqual({ received: true, duplicate: true });
      await ctx.workers.webhooks!.kick();
      // BigCommerce retries a delivery it thinks failed as a new one (another hash and time)
      await deliver(await webhook('store/customer/created', customer.id));
      await ctx.workers.webhooks!.kick();
      expect(await customerRow()).toMatchObject({ email: 'rae@trail.example', first_name: 'Rae', last_name: 'Walker', source: 'bigcommerce' });
      expect(await signupEntries()).toEqual([expect.objectContaining({ points: 50 })]);
    });

    it('store/customer/updated: the name and e-mail follow the store', async () => {
      const row = standIn.stores.get(HASH)!.customers.find((candidate) => candidate.id === customer.id)!;
      Object.assign(row, { email: 'rae.walker@trail.example', last_name: 'Walker-Hill' });
      await deliver(await webhook('store/customer/updated', customer.id));
      await ctx.workers.webhooks!.kick();
      expect(await customerRow()).toMatchObject({ email: 'rae.walker@trail.example', first_name: 'Rae', last_name: 'Walker-Hill' });
      expect(await signupEntries()).toHaveLength(1);
    });

    it('refuses a bad secret header, a store the app does not know and a forged storefront JWT: 4xx, nothing changed', async () => {
      const store = await storeOfHash();
      const before = { tables: await snapshotTables(ctx.db), ...(await counts()) };
      const updated = await webhook('store/customer/updated', customer.id);
      const forgedSecret = await deliver(updated, { headers: { 'X-Webhook-Secret': 'f'.repeat(64) } });
      expect(forgedSecret.statusCode).toBe(401);
      expect(forgedSecret.json().code).toBe('invalid_signature');
      expect((await deliver(updated, { headers: { 'X-Webhook-Secret': '' } })).statusCode).toBe(401);
      const unknownStore = await deliver(updated, { destination: `${ctx.config.publicUrl}/webhooks/bigcommerce?store=no-such-store` });
      expect(unknownStore.statusCode).toBe(401);
      expect(unknownStore.json().code).toBe('invalid_signature');
      const forgedJwt = await currentCustomerJwt(
        { clientId: standIn.clientId, clientSecret: 'not-the-secret' },
        { storeHash: HASH, customer: { id: 999, email: 'mallory@evil.example', groupId: '0' } },
      );
      const bootstrap = await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${store.store_name}/bootstrap?customer_jwt=${forgedJwt}` });
      expect(bootstrap.statusCode).toBe(401);
      expect(bootstrap.json().code).toBe('invalid_customer_token');
      await ctx.workers.webhooks!.kick();
      expect({ tables: await snapshotTables(ctx.db), ...(await counts()) }).toEqual(before);
    });

    it("store/customer/deleted erases the customer's personal data; the ledger stays", async () => {
      const { id } = (await customerRow())!;
      standIn.stores.get(HASH)!.customers = [];
      await deliver(await webhook('store/customer/deleted', customer.id));
      await ctx.workers.webhooks!.kick();
      const erased = await ctx.db.selectFrom('customers').select(['first_name', 'email', 'deleted_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(erased.first_name).toBe('Deleted');
      expect(erased.email).not.toContain('rae');
      expect(erased.deleted_at).not.toBeNull();
      expect(await signupEntries()).toHaveLength(1);
    });
  },
  { config: { platforms }, workers: ['webhooks'], postgres: true },
);
