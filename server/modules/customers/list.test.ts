import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { json } from '../../db/normalize.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { creditMany } from '../../domain/ledger/index.ts';
import { countMatching, listCustomers, type CustomerFilter, type CustomerListOptions } from './list.ts';

interface Person {
  id: number;
  name: string;
  vip: boolean;
  balance: number;
  joined: Date;
  deleted: boolean;
}

describeEachDatabase('customer list: a tag or a balance range counted and paged exactly, deleted customers apart', (ctx) => {
  const people: Person[] = [];
  let storeId = 0;
  const now = new Date('2026-03-01T12:00:00Z');

  /** A store of its own: 40 customers, every third tagged vip, every fifth deleted (tag rows and account kept), balances 0–299. */
  async function seedStore(slug: string, count: number) {
    const store = await ctx.db
      .insertInto('stores')
      .values({ title: slug, platform: 'shopify', store_name: slug, domain: null, website: null, hmac_secret: null, access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await ctx.db
      .insertInto('customers')
      .values(
        Array.from({ length: count }, (_, i) => ({
          store_id: store.id,
          // names and join dates in other orders than the ids
          first_name: `N${String((i * 7) % count).padStart(2, '0')}`,
          last_name: slug,
          email: `p${i}@${slug}.test`,
          tags: json(i % 3 === 0 ? ['vip'] : []),
          created_at: new Date(now.getTime() - ((i * 11) % count) * 3_600_000),
          deleted_at: i % 5 === 4 ? now : null,
        })),
      )
      .returning(['id', 'first_name', 'tags', 'created_at', 'deleted_at'])
      .execute();
    const balances = rows.map((_, i) => (i * 37) % 300);
    await creditMany(
      ctx.db,
      rows
        .map((row, i) => ({
          storeId: store.id,
          customerId: row.id,
          type: 'adjustment' as const,
          points: balances[i]!,
          sourceType: 'seed',
          sourceId: String(row.id),
          computation: 'seed',
        }))
        .filter((input) => input.points > 0),
      now,
    );
    return {
      storeId: store.id,
      people: rows.map((row, i) => ({
        id: row.id,
        name: row.first_name,
        vip: (row.tags as string[]).includes('vip'),
        balance: balances[i]!,
        joined: row.created_at,
        deleted: row.deleted_at !== null,
      })),
    };
  }

  beforeAll(async () => {
    const seeded = await seedStore('counts', 40);
    storeId = seeded.storeId;
    people.push(...seeded.people);
    await seedStore('neighbour', 12); // another store's vips and balances are never counted
  });

  const matches = (filter: CustomerFilter) => (person: Person) => {
    const status = filter.status ?? 'active';
    if (status !== 'all' && person.deleted !== (status === 'deleted')) return false;
    if (filter.tag && !(filter.tag === 'vip' && person.vip)) return false;
    if (filter.points?.min !== undefined && person.balance < filter.points.min) return false;
    if (filter.points?.max !== undefined && person.balance > filter.points.max) return false;
    return true;
  };
  const newestFirst = (a: Person, b: Person) => b.joined.getTime() - a.joined.getTime() || b.id - a.id;
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  const FILTERS: CustomerFilter[] = [{ tag: 'vip' }, { tag: 'nobody' }, { points: { min: 100, max: 200 } }, { points: { min: 150 } }, { points: { max: 0 } }];

  it('counts each status exactly and caps the count as the customers side does', async () => {
    for (const status of ['active', 'deleted', 'all'] as const) {
      for (const base of FILTERS) {
        const filter = { ...base, status };
        const want = people.filter(matches(filter)).sort(newestFirst);
        const label = JSON.stringify(filter);
        if (base.tag === 'vip' || base.points?.max === 200) expect(want.length, label).toBeGreaterThan(2); // the cap below is reached
        const page = await listCustomers(ctx.db, storeId, { ...filter, limit: 5, offset: 0 });
        expect(page, label).toMatchObject({ total: want.length, capped: false });
        expect(ids(page.rows), label).toEqual(ids(want.slice(0, 5)));
        // counted up to one row past the page: the same bound and answer whichever side is read
        const capped = await listCustomers(ctx.db, storeId, { ...filter, limit: 1, offset: 0, countAhead: 2 });
        expect(capped, label).toMatchObject({ total: Math.min(want.length, 2), capped: want.length > 2 });
        expect(await countMatching(ctx.db, storeId, filter), label).toBe(want.length);
      }
    }
  });

  it('counts a tag together with another filter from the customers side, with the same answer', async () => {
    const filter = { tag: 'vip', points: { min: 100 } };
    expect(await countMatching(ctx.db, storeId, filter)).toBe(people.filter(matches(filter)).length);
    const withSearch = { tag: 'vip', search: 'N0' };
    expect(await countMatching(ctx.db, storeId, withSearch)).toBe(people.filter((p) => matches(withSearch)(p) && p.name.toLowerCase().includes('n0')).length);
  });

  it('pages a balance range by name and a tag by balance in the order of the whole matching list', async () => {
    const cases: Array<[Partial<CustomerListOptions>, (a: Person, b: Person) => number]> = [
      [{ points: { min: 100, max: 200 }, sort: { by: 'name', desc: false } }, (a, b) => a.name.localeCompare(b.name) || a.id - b.id],
      [{ tag: 'vip', sort: { by: 'balance', desc: true } }, (a, b) => b.balance - a.balance || b.id - a.id],
      [{ tag: 'vip', status: 'all', sort: { by: 'joined', desc: false } }, (a, b) => a.joined.getTime() - b.joined.getTime() || a.id - b.id],
    ];
    for (const [options, order] of cases) {
      const want = people.filter(matches(options)).sort(order);
      const label = JSON.stringify(options);
      for (const offset of [0, 4]) {
        const page = await listCustomers(ctx.db, storeId, { ...options, limit: 4, offset });
        expect(ids(page.rows), label).toEqual(ids(want.slice(offset, offset + 4)));
        expect(
          page.rows.map((row) => Number(row.balance)),
          label,
        ).toEqual(want.slice(offset, offset + 4).map((person) => person.balance));
      }
    }
  });

  it('lists a tag newest first from its rows, which follow a changed join date and a newly tagged customer', async () => {
    const oracle = async () =>
      ids(
        await ctx.db
          .selectFrom('customers')
          .select('id')
          .where('store_id', '=', storeId)
          .where('deleted_at', 'is', null)
          .where(sql<boolean>`tags @> '["vip"]'::jsonb`)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      );
    const page = async () => ids((await listCustomers(ctx.db, storeId, { tag: 'vip', limit: 100, offset: 0 })).rows);
    const before = await oracle();
    expect(await page()).toEqual(before);
    const oldest = before.at(-1)!;
    const untagged = people.find((person) => !person.vip && !person.deleted)!;
    await sql`update customers set created_at = ${new Date(now.getTime() + 60_000)} where id = ${oldest}`.execute(ctx.db);
    await ctx.db
      .updateTable('customers')
      .set({ tags: json(['vip', 'new']) })
      .where('id', '=', untagged.id)
      .execute();
    const after = await oracle();
    expect(after[0]).toBe(oldest);
    expect(after).toContain(untagged.id);
    expect(await page()).toEqual(after);
    expect(ids((await listCustomers(ctx.db, storeId, { tag: 'vip', sort: { by: 'joined', desc: false }, limit: 100, offset: 0 })).rows)).toEqual(
      after.toReversed(),
    );
  });
});
