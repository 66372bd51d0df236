import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { tagName } from './contract/customers.ts';
import { upsertPlatformCustomer, upsertPlatformCustomers, type PlatformCustomer } from './platform-sync.ts';
import { deleteCustomer } from './profile.ts';
import { tagCustomers } from './tags.ts';

describeEachDatabase(
  "a platform's customers written in bulk and one by one: unchanged rows skipped, the store's own tags kept",
  (ctx) => {
    const storeId = () => ctx.fixture.storeA.id;
    const person = (n: number, over: Partial<PlatformCustomer> = {}): PlatformCustomer => ({
      externalId: String(9000 + n),
      email: `bulk${n}@example.com`,
      firstName: `First${n}`,
      lastName: 'Bulk',
      tags: n % 2 ? ['vip'] : [],
      ...over,
    });
    const row = (externalId: string) =>
      ctx.db
        .selectFrom('customers')
        .select(['id', 'email', 'first_name', 'tags', 'platform_tags', sql<string>`xmin::text`.as('version')])
        .where('store_id', '=', storeId())
        .where('external_id', '=', externalId)
        .executeTakeFirstOrThrow();

    it('creates the new, leaves a file read again untouched (no row rewritten), and updates only what changed', async () => {
      const people = Array.from({ length: 30 }, (_, n) => person(n));
      expect(await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', people)).toEqual({ created: 30, updated: 0, unchanged: 0 });
      const before = await row('9003');
      expect(before).toMatchObject({ email: 'bulk3@example.com', tags: ['vip'], platform_tags: ['vip'] });
      expect(await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', people)).toEqual({ created: 0, updated: 0, unchanged: 30 });
      expect((await row('9003')).version).toBe(before.version);
      const untouched = (await row('9005')).version;
      const changed = people.map((one, n) => (n === 3 ? { ...one, firstName: 'Renamed' } : n === 4 ? { ...one, tags: ['gold'] } : one));
      expect(await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', changed)).toEqual({ created: 0, updated: 2, unchanged: 28 });
      expect(await row('9003')).toMatchObject({ first_name: 'Renamed', tags: ['vip'] });
      expect(await row('9004')).toMatchObject({ tags: ['gold'], platform_tags: ['gold'] });
      expect((await row('9005')).version).toBe(untouched);
    });

    it("the platform's tags replace the ones it sent before; the tags the store added itself stay (in bulk and one by one)", async () => {
      const ada = await row('9001');
      await tagCustomers(ctx.db, storeId(), [ada.id], ['wholesale'], []);
      await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(1, { tags: ['gold', 'newsletter'] })]);
      expect(await row('9001')).toMatchObject({ tags: ['gold', 'newsletter', 'wholesale'], platform_tags: ['gold', 'newsletter'] });
      await upsertPlatformCustomer(ctx.db, storeId(), 'shopify', person(1, { tags: ['newsletter'] }));
      expect(await row('9001')).toMatchObject({ tags: ['newsletter', 'wholesale'], platform_tags: ['newsletter'] });
      // a platform without tags (null) leaves them all
      await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(1, { tags: null, firstName: 'Ada' })]);
      expect(await row('9001')).toMatchObject({ first_name: 'Ada', tags: ['newsletter', 'wholesale'], platform_tags: ['newsletter'] });
      // a customer an order created (no platform tags yet) keeps the store's tags when the platform first sends its own
      const [ordered] = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId(), email: 'ordered@example.com', external_id: '9100', first_name: '', last_name: '', tags: JSON.stringify(['vip']) })
        .returning('id')
        .execute();
      await upsertPlatformCustomer(ctx.db, storeId(), 'shopify', person(100, { email: 'ordered@example.com', tags: ['gold'] }));
      expect(await row('9100')).toMatchObject({ id: ordered!.id, tags: ['gold', 'vip'], platform_tags: ['gold'] });
    });

    it('a platform tag holding ; , or | stays one tag, those characters replaced, so the console and a CSV file take it whole (in bulk and one by one)', async () => {
      const tags = ['net 30; wholesale', 'Gold|Platinum', 'a,b', '|', ' x | '];
      await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(20, { tags })]);
      const expected = ['Gold/Platinum', 'a/b', 'net 30/wholesale', 'x'];
      expect(await row('9020')).toMatchObject({ tags: expected, platform_tags: expected });
      for (const tag of expected) expect(tagName.safeParse(tag).success).toBe(true);
      // the same tags read again are the same: nothing to write
      expect(await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(20, { tags })])).toMatchObject({ updated: 0, unchanged: 1 });
      await upsertPlatformCustomer(ctx.db, storeId(), 'shopify', person(21, { tags: ['VIP | Early bird'] }));
      expect(await row('9021')).toMatchObject({ tags: ['VIP/Early bird'], platform_tags: ['VIP/Early bird'] });
    });

    it('finds a customer by platform id when the e-mail changed; an e-mail another customer has stays; a deleted customer stays erased', async () => {
      await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(6, { email: 'moved@example.com' }), person(7, { email: 'bulk8@example.com' })]);
      expect((await row('9006')).email).toBe('moved@example.com');
      expect((await row('9007')).email).toBe('bulk7@example.com');
      const gone = await row('9009');
      await deleteCustomer(ctx.db, storeId(), gone.id, ctx.clock.now());
      const result = await upsertPlatformCustomers(ctx.db, storeId(), 'shopify', [person(9)]);
      expect(result.created).toBe(1);
      const erased = await ctx.db.selectFrom('customers').select(['email', 'deleted_at']).where('id', '=', gone.id).executeTakeFirstOrThrow();
      expect(erased.deleted_at).not.toBeNull();
      expect(erased.email).not.toBe('bulk9@example.com');
    });
  },
  { postgres: true },
);
