import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { checkCredentials } from '../auth/sessions.ts';
import { sql } from 'kysely';
import { toNumber } from '../db/normalize.ts';
import { verifyLedger } from '../domain/ledger/index.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

// the seed is the domain's own SQL, which the PostgreSQL suites run: once, on PGlite
for (const backend of backendsFor(false)) {
  describe(`demo seed [${backend}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(backend);
      expect(await seedDemo(database.db, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    });
    afterAll(() => database.drop());

    const storesOf = async (email: string) =>
      await database.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .innerJoin('stores', 'stores.id', 'memberships.store_id')
        .select(['stores.store_name', 'memberships.role', 'users.stage'])
        .where('users.email', '=', email)
        .orderBy('stores.id')
        .execute();

    it('creates the three demo users with their stores, roles and stages', async () => {
      expect(await storesOf('owner@demo.shop')).toEqual([
        { store_name: 'demo-outdoor-co', role: 'owner', stage: 0 },
        { store_name: 'demo-coffee-roasters', role: 'owner', stage: 0 },
      ]);
      expect(await storesOf('staff@demo.shop')).toEqual([{ store_name: 'demo-coffee-roasters', role: 'staff', stage: 0 }]);
      expect((await storesOf('new@demo.shop'))[0]).toMatchObject({ role: 'owner', stage: 2 });
      expect(await checkCredentials(database.db, 'owner@demo.shop', DEMO_PASSWORD)).not.toBeNull();
      const coffee = await database.db.selectFrom('stores').selectAll().where('store_name', '=', 'demo-coffee-roasters').executeTakeFirstOrThrow();
      expect(coffee).toMatchObject({ title: 'Demo Coffee Roasters', platform: 'shopify', domain: 'demo-coffee-roasters.myshopify.com' });
      expect(coffee.hmac_secret).toMatch(/^[0-9a-f]{64}$/);
      const outdoor = await database.db.selectFrom('stores').selectAll().where('store_name', '=', 'demo-outdoor-co').executeTakeFirstOrThrow();
      expect(outdoor).toMatchObject({ title: 'Demo Outdoor Co.', platform: 'bigcommerce' });
    });

    it('seeded history sends nothing: the emails it announced are recorded as sent when they happened, none is due', async () => {
      const byStatus = await database.db
        .selectFrom('email_outbox')
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .groupBy('status')
        .execute();
      const counts = Object.fromEntries(byStatus.map((row) => [row.status, toNumber(row.n)]));
      expect(counts.queued ?? 0).toBe(0);
      expect(counts.sending ?? 0).toBe(0);
      expect(counts.sent).toBeGreaterThan(0);
      const unsent = await database.db.selectFrom('email_outbox').select('id').where('sent_at', 'is', null).execute();
      expect(unsent).toHaveLength(0);
    });

    it('adds about 2,000 realistic customers with order history', async () => {
      const customers = await database.db
        .selectFrom('customers')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('birthday').as('birthdays')])
        .executeTakeFirstOrThrow();
      expect(toNumber(customers.n)).toBe(2000);
      expect(toNumber(customers.birthdays)).toBeGreaterThan(1000);
      const orders = await database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(toNumber(orders.n)).toBeGreaterThan(3000);
      const sample = await database.db.selectFrom('customers').selectAll().orderBy('id').limit(5).execute();
      for (const customer of sample) {
        expect(customer.email).toMatch(/^[^@\s]+@example\.(com|net|org)$/);
        expect(customer.first_name.length).toBeGreaterThan(1);
        expect(Array.isArray(customer.tags)).toBe(true);
      }
    });

    it('gives the program a past: entries dated as they happened, guests beside members, rewards redeemed and used; the ledger adds up', async () => {
      const db = database.db;
      const days = await db
        .selectFrom('ledger_entries')
        .select(sql<string>`count(distinct date_trunc('day', created_at))`.as('n'))
        .executeTakeFirstOrThrow();
      expect(toNumber(days.n)).toBeGreaterThan(300);
      const latest = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .executeTakeFirstOrThrow();
      expect(new Date(latest.at as unknown as string).getTime()).toBeLessThanOrEqual(new Date('2026-06-01T00:00:00Z').getTime());
      const guests = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('customer_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(toNumber(guests.n)).toBe(1000);
      const rewards = await db.selectFrom('rewards').select(['customer_id', 'status', 'used_at', 'created_at']).execute();
      expect(rewards.length).toBeGreaterThan(50);
      expect(rewards.filter((reward) => reward.status === 'used').length).toBeGreaterThan(rewards.length / 3);
      const firstMembers = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.min('id').as('id'))
        .groupBy('store_id')
        .execute();
      for (const { id } of firstMembers) expect(rewards.some((reward) => reward.customer_id === id)).toBe(false);
      expect(await verifyLedger(db)).toEqual([]);
    });

    it('is deterministic and idempotent', async () => {
      expect(await seedDemo(database.db)).toBe(false);
      const first = await database.db.selectFrom('customers').select(['first_name', 'last_name']).orderBy('id').limit(3).execute();
      const other = await createTestDatabase('pglite');
      try {
        await seedDemo(other.db, new Date('2026-06-01T00:00:00Z'));
        expect(await other.db.selectFrom('customers').select(['first_name', 'last_name']).orderBy('id').limit(3).execute()).toEqual(first);
      } finally {
        await other.drop();
      }
    });
  });
}
