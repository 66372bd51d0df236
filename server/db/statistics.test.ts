import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { refreshPlannerStatistics } from './statistics.ts';

for (const backend of BACKENDS) {
  describe(`planner statistics [${backend}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(backend);
    });
    afterAll(() => database.drop());

    it('analyzes the tables that never were or changed much, then leaves them alone', async () => {
      const { db } = database;
      await sql`insert into stores (title, platform, store_name, domain, settings, hmac_secret, access_token)
        values ('S', 'shopify', 's', 's.test', '{}', 'secret', 'token')`.execute(db);
      await sql`insert into customers (store_id, external_id, first_name, last_name, email, tags)
        select (select id from stores limit 1), g::text, 'F', 'L', 'c' || g || '@example.com', '[]' from generate_series(1, 800) g`.execute(db);
      expect(await refreshPlannerStatistics(db)).toContain('customers');
      const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where relname = 'customers'`.execute(db);
      expect(Number(rows[0]!.reltuples)).toBe(800); // the planner now knows the table's size
      expect(await refreshPlannerStatistics(db)).not.toContain('customers');
    });

    it('with a larger growth, waits until that share of the rows changed', async () => {
      const { db } = database;
      // 150 more of 800: past a tenth (and 50), short of a quarter (and 50)
      await sql`insert into customers (store_id, external_id, first_name, last_name, email, tags)
        select (select id from stores limit 1), g::text, 'F', 'L', 'c' || g || '@example.com', '[]' from generate_series(801, 950) g`.execute(db);
      expect(await refreshPlannerStatistics(db, ['customers'], 0.25)).toEqual([]);
      expect(await refreshPlannerStatistics(db, ['customers'])).toEqual(['customers']);
    });
  });
}
