import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { readAccount, verifyLedger } from '../../domain/ledger/index.ts';
import { newCustomer } from '../../domain/ledger/testing.ts';
import { tagCustomers } from './tags.ts';

describeEachDatabase(
  'award campaigns',
  (ctx) => {
    const storeId = () => ctx.fixture.storeB.id;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, store = storeId(), user = ctx.fixture.users.bob) => {
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store);
      return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const awarded = async (id: number) => {
      for (let attempt = 0; attempt < 500; attempt += 1) {
        const award = (await call('GET', `/api/v1/award/grant?award_id=${id}`)).json().data;
        if (award.status === 'done' || award.status === 'failed') return award;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the grant did not finish');
    };

    it('previews, grants once in the background to members only, and keeps the history of who granted what', async () => {
      const [ann, ben, cleo] = ctx.fixture.storeB.customerIds as [number, number, number];
      await ctx.db
        .updateTable('customers')
        .set({ tags: JSON.stringify(['beta', 'gold-club']) })
        .where('id', 'in', [ann, ben, cleo])
        .execute();
      await ctx.db.updateTable('customers').set({ program_status: 'excluded' }).where('id', '=', cleo).execute();
      const attributes = (await call('GET', '/api/v1/award/filter-attributes')).json().data;
      expect(attributes.map((row: { key: string }) => row.key)).toEqual(['vip_tier', 'tag', 'points', 'joined', 'last_order', 'spend']);
      expect(attributes[1].options).toContain('gold-club');
      expect((await call('GET', '/api/v1/award/type')).json().data[0].key).toBe('points');

      const filter = { tag: 'gold-club', joined: { from: '2000-01-01' } };
      const preview = await call('POST', '/data/v1/award/preview', { filter, points: 50 });
      expect(preview.json().data).toEqual({ customers: 2, points_each: 50, total_points: 100 });
      expect((await call('POST', '/data/v1/award/preview', { filter: { spend: { min: 5, max: 1 } }, points: 5 })).statusCode).toBe(422);

      const saved = (await call('POST', '/api/v1/award/update', { name: 'Summer thanks', points: 50, filter })).json().data;
      expect(saved).toMatchObject({ status: 'draft', created_by: 'Bob' });
      const before = (await readAccount(ctx.db, storeId(), ann, ctx.clock.now())).balance;
      const started = await call('GET', `/api/v1/award/grant?award_id=${saved.id}`);
      expect(started.statusCode).toBe(202);
      const done = await awarded(saved.id);
      expect(done).toMatchObject({ status: 'done', total: 2, processed: 2, granted_points: 100, granted_by: 'Bob' });
      const again = await call('GET', `/api/v1/award/grant?award_id=${saved.id}`);
      expect(again.statusCode).toBe(200);
      expect((await readAccount(ctx.db, storeId(), ann, ctx.clock.now())).balance).toBe(before + 50);
      expect((await readAccount(ctx.db, storeId(), cleo, ctx.clock.now())).balance).toBe(0);
      expect((await call('POST', '/api/v1/award/update', { id: saved.id, name: 'Changed', points: 5 })).statusCode).toBe(409);

      const history = (await call('GET', '/api/v1/award/history?limit=5&page=1')).json().data;
      expect(history).toMatchObject({ total: 1, data: [{ name: 'Summer thanks', granted_by: 'Bob', granted_points: 100 }] });
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);

      const alice = ctx.fixture.users.alice;
      const other = ctx.fixture.storeA.id;
      expect((await call('GET', `/api/v1/award/grant?award_id=${saved.id}`, undefined, other, alice)).statusCode).toBe(404);
      expect((await call('POST', '/api/v1/award/update', { id: saved.id, name: 'x', points: 1 }, other, alice)).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/award/history', undefined, other, alice)).json().data.total).toBe(0);
    });

    it('counts a customer without orders as spending 0: a spend range that includes 0 keeps them, one above 0 does not', async () => {
      const [ann] = ctx.fixture.storeB.customerIds as [number];
      const newcomer = await newCustomer(ctx.db, storeId(), 'spend');
      await tagCustomers(ctx.db, storeId(), [ann, newcomer], ['spend-check'], []);
      const reach = async (spend: object) =>
        (await call('POST', '/data/v1/award/preview', { filter: { tag: 'spend-check', spend }, points: 1 })).json().data.customers;
      // Ann spent 1999 (her fixture order), the newcomer nothing
      expect(await reach({ min: 0, max: 2500 })).toBe(2);
      expect(await reach({ max: 100 })).toBe(1);
      expect(await reach({ min: 0, max: 0 })).toBe(1);
      expect(await reach({ min: 1 })).toBe(1);
      expect(await reach({ min: 1999, max: 1999 })).toBe(1);
      expect(await reach({ min: 3000 })).toBe(0);
      // a last-order range still needs an order
      expect(
        (await call('POST', '/data/v1/award/preview', { filter: { tag: 'spend-check', last_order: { from: '2000-01-01' } }, points: 1 })).json().data.customers,
      ).toBe(1);
    });
  },
  { workers: ['jobs'] },
);
