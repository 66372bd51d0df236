import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from 'vitest';
import { BACKENDS, createTestDatabase, migratedPglite, type TestDatabase } from '../../tests/helpers/db.ts';
import { migrateToLatest } from './migrate.ts';
import { loadMigrations } from './migrations/index.ts';
import { json, toNumber } from './normalize.ts';
import { PGlitePool } from './pglite-pool.ts';

for (const backend of BACKENDS) {
  describe(`database layer [${backend}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(backend);
    });
    afterAll(() => database.drop());

    it('migrations are recorded and a second run applies nothing', async () => {
      expect(await migrateToLatest(database.db)).toEqual([]);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(await loadMigrations()).sort());
      expect(rows[0]!.name).toBe('0001_initial');
    });

    it('returns counts, bigint ids and money as numbers and dates as ISO strings on both backends', async () => {
      const store = await database.db
        .insertInto('stores')
        .values({ title: 'T', platform: 'shopify', store_name: 't', website: null, domain: null, hmac_secret: null, access_token: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(typeof store.id).toBe('number');
      await database.db
        .insertInto('customers')
        .values({ store_id: store.id, first_name: 'A', last_name: 'B', email: 'a@b.test', birthday: '1990-01-31', tags: json(['x', 'y']) })
        .execute();
      const customer = await database.db.selectFrom('customers').selectAll().executeTakeFirstOrThrow();
      expect(customer.birthday).toBe('1990-01-31');
      expect(customer.tags).toEqual(['x', 'y']);
      expect(customer.created_at).toBeInstanceOf(Date);
      await database.db
        .insertInto('orders')
        .values({
          store_id: store.id,
          customer_id: customer.id,
          external_id: '1',
          total_minor: 9_007_199_254_740_991,
          currency: 'USD',
          status: 'paid',
          placed_at: new Date(),
        })
        .execute();
      const total = await database.db
        .selectFrom('orders')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('total_minor').as('sum')])
        .executeTakeFirstOrThrow();
      expect(toNumber(total.count)).toBe(1);
      expect(toNumber(total.sum)).toBe(9_007_199_254_740_991);
      const raw = await database.db.selectFrom('orders').select('total_minor').executeTakeFirstOrThrow();
      expect(raw.total_minor).toBe(9_007_199_254_740_991);
    });

    it('rolls a failed transaction back completely', async () => {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('users').values({ email: 'rollback@x.test', name: 'R', password_hash: 'x' }).execute();
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await database.db.selectFrom('users').select('id').where('email', '=', 'rollback@x.test').execute()).toEqual([]);
    });

    it('keeps concurrent transactions apart', async () => {
      const insert = (email: string) =>
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('users').values({ email, name: email, password_hash: 'x' }).execute();
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from users where email like 'c%@x.test'`.execute(trx);
          return rows[0]!.n;
        });
      const counts = await Promise.all(['c1@x.test', 'c2@x.test', 'c3@x.test', 'c4@x.test'].map(insert));
      expect([...counts].sort()).toEqual(backend === 'pglite' ? [1, 2, 3, 4] : expect.any(Array));
      expect(
        toNumber(
          (
            await database.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('email', 'like', 'c%@x.test')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(4);
    });
  });
}

describe('PGlite pool adapter', () => {
  it('lends its one connection to one borrower at a time, in order', async () => {
    const pool = await PGlitePool.open(undefined, await migratedPglite());
    const first = await pool.connect();
    let secondReady = false;
    const second = pool.connect().then((client) => {
      secondReady = true;
      return client;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(secondReady).toBe(false);
    expect((await first.query<{ one: number }>('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
    first.release();
    const client = await second;
    const result = await client.query('create table t (id int)', []);
    expect(result.command).toBe('SELECT');
    expect((await client.query('insert into t values (1), (2)', [])).rowCount).toBe(2);
    expect((await client.query('update t set id = id + 1', [])).command).toBe('UPDATE');
    client.release();
    await pool.end();
    await expect(pool.connect()).rejects.toThrow('closed');
  });

  it('does not fill a new WAL segment with zeros first (a 30–50 ms stall every 16 MB of WAL)', async () => {
    const pool = await PGlitePool.open(undefined, await migratedPglite());
    const client = await pool.connect();
    expect((await client.query<{ wal_init_zero: string }>('show wal_init_zero', [])).rows).toEqual([{ wal_init_zero: 'off' }]);
    client.release();
    await pool.end();
  });
});
