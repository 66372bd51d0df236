import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Db } from '../../server/db/connection.ts';
import { BACKENDS, workerDatabase } from './db.ts';
import { seedFixture } from './server-fixture.ts';

/** Rows of every table but the migrations' own, by table (the empty ones left out). */
async function rowsByTable(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select quote_ident(tablename) as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%' order by tablename`.execute(db);
  const { rows } = await sql<{ name: string; n: number | string }>`${sql.raw(
    tables.map(({ name }) => `select '${name}' as name, count(*) as n from ${name}`).join(' union all '),
  )}`.execute(db);
  return Object.fromEntries(rows.filter((row) => Number(row.n) > 0).map((row) => [row.name, Number(row.n)]));
}

for (const backend of BACKENDS) {
  it(`a file's database starts with every table empty and every identity fresh, after small and large tables [${backend}]`, async () => {
    const db = await workerDatabase(backend);
    const fixture = await seedFixture(db);
    // a table far past a few pages, beside the fixture's small ones
    await sql`insert into customers (store_id, first_name, last_name, email)
      select ${fixture.storeA.id}, 'Many', 'Rows', 'many' || n || '@rows.test' from generate_series(1, 3000) n`.execute(db);
    expect(Object.keys(await rowsByTable(db)).length).toBeGreaterThan(5);

    // the next file's database: the same one, emptied
    expect(await workerDatabase(backend)).toBe(db);
    expect(await rowsByTable(db)).toEqual({});
    const user = await db
      .insertInto('users')
      .values({ email: 'first@fresh.test', name: 'First', password_hash: 'x', stage: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await db
      .insertInto('stores')
      .values({ title: 'Fresh', platform: 'custom', store_name: 'fresh', domain: null, website: null, hmac_secret: null, access_token: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const customer = await db
      .insertInto('customers')
      .values({ store_id: store.id, first_name: 'F', last_name: 'F', email: 'f@fresh.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect([user.id, store.id, customer.id]).toEqual([1, 1, 1]);

    // and again, now that the large table holds dead rows or was truncated
    expect(await workerDatabase(backend)).toBe(db);
    expect(await rowsByTable(db)).toEqual({});
  });
}
