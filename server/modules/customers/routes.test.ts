import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { listCustomers } from './list.ts';
import { credit, creditMany, readAccount, verifyLedger } from '../../domain/ledger/index.ts';

describeEachDatabase(
  'customer list, detail, birthday, program status, delete and export',
  (ctx) => {
    const storeId = () => ctx.fixture.storeB.id;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, store = storeId(), user = ctx.fixture.users.bob) => {
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store);
      return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const seeded: Record<'Ada' | 'Bob' | 'Cy' | 'Di', number> = { Ada: 0, Bob: 0, Cy: 0, Di: 0 };
    const seed = async () => {
      if (seeded.Ada) return seeded;
      const people = [
        ['Ada', 'Lovelace', 'ada@list.test', 'import', 'member', 'gold', 300],
        ['Bob', 'Byron', 'bob.byron@list.test', 'order', 'guest', null, 0],
        ['Cy', 'Young', 'cy@list.test', 'import', 'excluded', null, 40],
        ['Di', 'Formula', '=HYPERLINK("http://x")@list.test', 'manual', 'member', null, 120],
      ] as const;
      for (const [first, last, email, source, status, tier, points] of people) {
        const row = await ctx.db
          .insertInto('customers')
          .values({ store_id: storeId(), first_name: first, last_name: last, email, source, program_status: status, vip_tier: tier })
          .returning('id')
          .executeTakeFirstOrThrow();
        seeded[first] = row.id;
        if (points > 0) {
          const entry = { storeId: storeId(), customerId: row.id, type: 'adjustment' as const, sourceType: 'seed', sourceId: email, computation: 'seed' };
          await credit(ctx.db, { ...entry, points }, ctx.clock.now());
        }
      }
      return seeded;
    };
    const list = async (query: string) => {
      const response = await call('GET', `/data/v1/customer?search=list.test&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { data: Array<{ name: string; balance: number; program_status: string }>; total: number; limit: number };
    };

    it('opens a points account at zero with every customer, so the list joins and sorts accounts directly', async () => {
      const { Bob } = await seed();
      const account = await ctx.db.selectFrom('points_accounts').select(['balance', 'lifetime']).where('customer_id', '=', Bob).executeTakeFirst();
      expect(account && { balance: Number(account.balance), lifetime: Number(account.lifetime) }).toEqual({ balance: 0, lifetime: 0 });
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('counts matching customers up to a bound past the page and says when more match', async () => {
      await seed();
      const page = (offset: number) => listCustomers(ctx.db, storeId(), { search: 'list.test', limit: 2, offset, countAhead: 1 });
      expect(await page(0)).toMatchObject({ total: 2, capped: true });
      expect(await page(2)).toMatchObject({ total: 4, capped: false });
      expect(await list('')).toMatchObject({ total: 4, total_capped: false });
    });

    it('lists with search, filters, sort and a capped page size', async () => {
      await seed();
      expect((await list('sort_by=-balance')).data.map((row) => row.name)).toEqual(['Ada Lovelace', 'Di Formula', 'Cy Young', 'Bob Byron']);
      expect((await list('sort_by=name')).data.map((row) => row.name)[0]).toBe('Ada Lovelace');
      expect((await list('program_status=guest')).data.map((row) => row.name)).toEqual(['Bob Byron']);
      expect((await list('source=import&sort_by=email')).data.map((row) => row.name)).toEqual(['Ada Lovelace', 'Cy Young']);
      expect((await list('vip_tier=gold')).total).toBe(1);
      expect((await list('points=100-300&sort_by=balance')).data.map((row) => row.balance)).toEqual([120, 300]);
      expect((await list('points=-50')).total).toBe(2);
      const byName = (await call('GET', '/data/v1/customer?type=name&search=young')).json().data;
      expect(byName.data.map((row: { name: string }) => row.name)).toEqual(['Cy Young']);
      expect((await call('GET', '/data/v1/customer?type=email&search=young')).json().data.total).toBe(0);
      const capped = await list('limit=100000&page=1');
      expect(capped.limit).toBe(100);
      expect(capped.total).toBe(4);
    });

    it('refuses bad list parameters with a clear 422', async () => {
      for (const query of ['sort_by=password', 'program_status=vip', 'points=lots', 'page=0', 'limit=-1']) {
        const response = await call('GET', `/data/v1/customer?${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(response.json().message).toBeTruthy();
      }
    });

    it('shows a customer, sets the birthday, excludes and includes again', async () => {
      const { Ada } = await seed();
      const shown = (await call('GET', `/data/v1/customer/show/${Ada}`)).json().data.item;
      expect(shown).toMatchObject({ name: 'Ada Lovelace', balance: 300, lifetime: 300, vip_tier: 'gold', program_status: 'member' });
      const birthday = await call('POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-03-15' });
      expect(birthday.json().data).toEqual({ birthday: '1990-03-15', reward_on: '2027-03-15' }); // saved 14 days ahead: next year (spec §5)
      const later = await call('POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-06-15' });
      expect(later.json().data.reward_on).toBe('2026-06-15');
      expect((await call('POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-02-30' })).statusCode).toBe(422);
      // by calendar day, not the time of day: at noon on 1 March, 1 April is exactly a month ahead
      const exact = await call('POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-04-01' });
      expect(exact.json().data.reward_on).toBe('2026-04-01');
      // in the store's time zone: noon UTC on 1 March is already 2 March on Kiritimati (UTC+14)
      expect((await call('POST', '/api/v1/store/setting/update', { time_zone: 'Pacific/Kiritimati' })).statusCode).toBe(200);
      expect((await call('POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-04-01' })).json().data.reward_on).toBe('2027-04-01');
      expect((await call('POST', '/api/v1/store/setting/update', { time_zone: 'Mars/Olympus' })).statusCode).toBe(422);
      await call('POST', '/api/v1/store/setting/update', { time_zone: 'UTC' });
      expect((await call('POST', '/data/v1/customer/program/change', { customer_ids: [Ada], program_status: 'excluded' })).json().data.changed).toBe(1);
      expect((await call('GET', `/data/v1/customer/show/${Ada}`)).json().data.item.program_status).toBe('excluded');
      await call('POST', '/data/v1/customer/program/change', { customer_ids: [Ada], program_status: 'member' });
      expect((await call('GET', `/data/v1/customer/show/${Ada}`)).json().data.item.program_status).toBe('member');
    });

    it('gives an excluded customer nothing from the program, while a merchant adjustment still applies', async () => {
      const { Cy } = await seed();
      const earn = {
        storeId: storeId(),
        customerId: Cy,
        type: 'order_earn' as const,
        sourceType: 'order',
        sourceId: 'excluded-1',
        computation: '10 × 1',
        points: 10,
      };
      await expect(credit(ctx.db, earn, ctx.clock.now())).rejects.toMatchObject({ why: 'excluded' });
      const batch = await creditMany(ctx.db, [{ ...earn, type: 'award', sourceId: 'excluded-award' }], ctx.clock.now());
      expect(batch).toMatchObject({ inserted: [], heldOut: 1, keptOut: 'excluded' });
      expect((await readAccount(ctx.db, storeId(), Cy, ctx.clock.now())).balance).toBe(40);
      const adjusted = await call('POST', '/data/v1/customer/adjust/points', { customer_id: Cy, points: 5, reason: 'Goodwill' });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
      expect((await readAccount(ctx.db, storeId(), Cy, ctx.clock.now())).balance).toBe(45);
      await call('POST', '/data/v1/customer/adjust/points', { customer_id: Cy, points: -5, reason: 'Undo goodwill' });
    });

    it('credits a guest nothing, so no guest holds points: not from the program, not by an adjustment (a clear 422)', async () => {
      const { Bob } = await seed();
      const earn = {
        storeId: storeId(),
        customerId: Bob,
        type: 'action_earn' as const,
        sourceType: 'action',
        sourceId: 'guest-signup',
        computation: 'Sign up',
      };
      await expect(credit(ctx.db, { ...earn, points: 50 }, ctx.clock.now())).rejects.toMatchObject({ why: 'guest' });
      const batch = await creditMany(ctx.db, [{ ...earn, points: 50, type: 'order_earn', sourceId: 'guest-order' }], ctx.clock.now());
      expect(batch).toMatchObject({ inserted: [], heldOut: 1, keptOut: 'guest' });
      const adjusted = await call('POST', '/data/v1/customer/adjust/points', { customer_id: Bob, points: 5, reason: 'Goodwill' });
      expect(adjusted.statusCode).toBe(422);
      expect(adjusted.json().message).toContain('guest');
      expect((await readAccount(ctx.db, storeId(), Bob, ctx.clock.now())).balance).toBe(0);
      const guests = (await list('program_status=guest')).data;
      expect(guests.map((row) => row.balance)).toEqual([0]);
    });

    it('says which customers are in the holdout group, in the list and the detail', async () => {
      const held = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId(), first_name: 'Hal', last_name: 'Held', email: 'hal@holdout.test', holdout: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const listed = (await call('GET', '/data/v1/customer?search=holdout.test')).json().data.data;
      expect(listed).toEqual([expect.objectContaining({ email: 'hal@holdout.test', holdout: true, program_status: 'member' })]);
      expect((await call('GET', `/data/v1/customer/show/${held.id}`)).json().data.item).toMatchObject({ holdout: true });
      const { Ada } = await seed();
      expect((await call('GET', `/data/v1/customer/show/${Ada}`)).json().data.item).toMatchObject({ holdout: false });
    });

    it('adjusts with a reason, refuses a balance below zero and explains every entry', async () => {
      const { Cy } = await seed();
      const missingReason = await call('POST', '/data/v1/customer/adjust/points', { customer_id: Cy, points: 5, reason: ' ' });
      expect(missingReason.statusCode).toBe(422);
      const below = await call('POST', '/data/v1/customer/adjust/points', { customer_id: Cy, points: -41, reason: 'too much' });
      expect(below.statusCode).toBe(422);
      expect((await readAccount(ctx.db, storeId(), Cy, ctx.clock.now())).balance).toBe(40);
      const taken = await call('POST', '/data/v1/customer/adjust/points', { customer_id: Cy, points: -15, reason: 'Duplicate order' });
      expect(taken.json().data.account.balance).toBe(25);
      const history = (await call('POST', '/data/v1/transaction/points', { customer_id: Cy, limit: 10, page: 1 })).json().data.data;
      expect(history[0]).toMatchObject({ type: 'adjustment', points: -15, reason: 'Duplicate order', source_type: 'adjustment' });
      expect(history[0].computation).toContain('Bob');
    });

    it('lists a customer timeline newest first by date, whatever order its entries were written in, page after page', async () => {
      const tim = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId(), first_name: 'Tim', last_name: 'Line', email: 'tim@timeline.test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      // written in this order (ids ascending), as an order import of past orders and later adjustments do
      const days = ['2026-11-28', '2026-09-06', '2026-11-19', '2026-07-24'];
      for (const [at, day] of days.entries()) {
        const entry = { storeId: storeId(), customerId: tim.id, type: 'adjustment' as const, sourceType: 'seed', sourceId: `tim:${at}`, computation: 'seed' };
        await credit(ctx.db, { ...entry, points: at + 1 }, new Date(`${day}T12:00:00Z`));
      }
      const page = async (number: number) =>
        (await call('POST', '/data/v1/transaction/points', { customer_id: tim.id, limit: 2, page: number }))
          .json()
          .data.data.map((entry: { created_at: string }) => entry.created_at.slice(0, 10));
      expect([...(await page(1)), ...(await page(2))]).toEqual(['2026-11-28', '2026-11-19', '2026-09-06', '2026-07-24']);
      const store = (await call('POST', '/data/v1/transaction/points', { limit: 100, page: 1 })).json().data.data as Array<{ created_at: string }>;
      const times = store.map((entry) => entry.created_at);
      expect(times).toEqual(times.toSorted().toReversed());
    });

    it("never shows or changes another store's customer (404 alike)", async () => {
      const { Ada } = await seed();
      const other = ctx.fixture.storeA.id;
      const alice = ctx.fixture.users.alice;
      const calls: Array<['GET' | 'POST', string, object?]> = [
        ['GET', `/data/v1/customer/show/${Ada}`],
        ['POST', '/data/v1/customer/birthday', { customer_id: Ada, birthday: '1990-06-15' }],
        ['POST', '/data/v1/customer/program/change', { customer_ids: [Ada], program_status: 'excluded' }],
        ['POST', '/data/v1/customer/delete', { customer_id: Ada }],
        ['POST', '/data/v1/customer/adjust/points', { customer_id: Ada, points: 5, reason: 'x' }],
        ['POST', '/data/v1/transaction/points', { customer_id: Ada }],
        ['POST', '/data/v1/transaction/rewards', { customer_id: Ada }],
      ];
      for (const [method, url, body] of calls) {
        const response = await call(method, url, body, other, alice);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toBe('Customer not found.');
      }
      const found = (await call('GET', '/data/v1/customer?search=ada@list.test', undefined, other, alice)).json().data;
      expect(found.total).toBe(0);
      const exported = await call('POST', '/data/v1/customer/export', { customer_ids: [Ada] }, other, alice);
      expect(exported.body.trim().split('\r\n')).toHaveLength(1);
    });

    it('exports the filter as CSV with formula cells escaped', async () => {
      await seed();
      const response = await call('POST', '/data/v1/customer/export', { search: 'list.test', sort_by: 'name' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe('id,first_name,last_name,email,balance,pending,lifetime,vip_tier,referrals,program_status,source,birthday,joined_at,tags');
      expect(lines).toHaveLength(5);
      expect(response.body).toContain(`"'=HYPERLINK(""http://x"")@list.test"`);
      const guests = await call('POST', '/data/v1/customer/export', { search: 'list.test', program_status: 'guest' });
      expect(guests.body.trim().split('\r\n')).toHaveLength(2);
    });

    it('deletes a customer: personal data erased, ledger totals kept and verified', async () => {
      const { Di } = await seed();
      const response = await call('POST', '/data/v1/customer/delete', { customer_id: Di });
      expect(response.statusCode).toBe(200);
      const row = await ctx.db.selectFrom('customers').selectAll().where('id', '=', Di).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ first_name: 'Deleted', email: `deleted-${Di}@deleted.invalid`, birthday: null, tags: [] });
      expect(row.deleted_at).not.toBeNull();
      expect((await readAccount(ctx.db, storeId(), Di, ctx.clock.now())).lifetime).toBe(120);
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
      expect((await list('')).total).toBe(3);
      expect((await list('status=deleted')).total).toBe(0); // the erased e-mail no longer matches the search
      const deleted = (await call('GET', '/data/v1/customer?status=deleted')).json().data;
      expect(deleted.data.map((c: { id: number }) => c.id)).toContain(Di);
    });

    it('tags chosen customers, lists the tags with counts and filters the list by tag', async () => {
      const { Ada, Bob, Cy } = await seed();
      const tagged = await call('POST', '/data/v1/tag/customer?search=lo', { customer_ids: [Ada, Bob], add: ['loyal', 'Local'] });
      expect(tagged.statusCode, tagged.body).toBe(200);
      expect(tagged.json().data).toMatchObject({
        changed: 2,
        data: [
          { tag: 'Local', customers: 2 },
          { tag: 'loyal', customers: 2 },
        ],
        total: 2,
      });
      await call('POST', '/data/v1/tag/customer', { customer_ids: [Bob, Cy], add: ['vip'], remove: ['Local'] });
      expect((await call('GET', '/data/v1/tag?search=LOY')).json().data).toMatchObject({ data: [{ tag: 'loyal', customers: 2 }], total: 1 });
      const paged = (await call('GET', '/data/v1/tag?limit=1&page=2')).json().data;
      expect(paged).toMatchObject({ total: 4, page: 2, limit: 1 }); // Local, beta (the fixture's), loyal, vip
      expect(paged.data).toHaveLength(1);
      expect((await list('tag=vip&sort_by=name')).data.map((row) => row.name)).toEqual(['Bob Byron', 'Cy Young']);
      expect((await list('tag=Local')).data.map((row) => row.name)).toEqual(['Ada Lovelace']);
      expect((await call('POST', '/data/v1/tag/customer', { customer_ids: [Ada], add: [] })).statusCode).toBe(422);
      expect((await call('POST', '/data/v1/tag/customer', { customer_ids: [Ada], add: ['x'.repeat(41)] })).statusCode).toBe(422);
      // a separator of the CSV tags cell would split the tag on its way back in: refused with why, nothing tagged
      for (const tag of ['gold;silver', 'a,b', 'x|y']) {
        const refused = await call('POST', '/data/v1/tag/customer', { customer_ids: [Ada], add: [tag] });
        expect(refused.statusCode).toBe(422);
        expect(refused.body).toContain('A tag cannot contain ; , or | (they separate tags in CSV files).');
      }
      expect((await call('GET', '/data/v1/tag?search=silver')).json().data.total).toBe(0);
      const other = await call('POST', '/data/v1/tag/customer', { customer_ids: [Ada], add: ['stolen'] }, ctx.fixture.storeA.id, ctx.fixture.users.alice);
      expect(other.statusCode).toBe(404);
      expect((await call('GET', '/data/v1/tag?search=loyal', undefined, ctx.fixture.storeA.id, ctx.fixture.users.alice)).json().data.total).toBe(0);
    });
  },
  { workers: ['jobs'] },
);
