import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { checkCredentials } from '../auth/sessions.ts';
import { sql } from 'kysely';
import { toNumber } from '../db/normalize.ts';
import { HELD_UNTIL, verifyLedger } from '../domain/ledger/index.ts';
import { listReceipts } from '../modules/customers/index.ts';
import { referralFigures } from '../modules/referrals/index.ts';
import { listTiers, loadSettings } from '../modules/vip/index.ts';
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

    it('gives each demo store a program to explore: three tiers with members in each, referrals in each state, a held order in another currency, receipts waiting', async () => {
      const db = database.db;
      for (const storeName of ['demo-outdoor-co', 'demo-coffee-roasters']) {
        const store = await db.selectFrom('stores').select('id').where('store_name', '=', storeName).executeTakeFirstOrThrow();
        // VIP is on, and on a ladder: three tiers climbing, members in each, and members below the first
        expect((await loadSettings(db, store.id)).enabled).toBe(true);
        const tiers = await listTiers(db, store.id);
        expect(tiers).toHaveLength(3);
        for (const tier of tiers) expect(tier.members, `${storeName} ${tier.name}`).toBeGreaterThan(50);
        const thresholds = tiers.map((tier) => tier.threshold);
        expect(thresholds).toEqual(thresholds.toSorted((a, b) => a - b));
        const ranked = await db
          .selectFrom('customers')
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('vip_tier').as('tiered')])
          .where('store_id', '=', store.id)
          .executeTakeFirstOrThrow();
        expect(toNumber(ranked.tiered)).toBe(tiers.reduce((sum, tier) => sum + tier.members, 0));
        expect(toNumber(ranked.tiered)).toBeLessThan(toNumber(ranked.n));
        // referrals in each state, an invitation e-mailed, revenue from the completed ones
        const figures = await referralFigures(db, store.id);
        expect(figures).toMatchObject({ completed: 2, pending: 1, cancelled: 1, blocked: 1, invited: 1 });
        expect(figures.revenue_minor).toBeGreaterThan(0);
        const rewarded = await db.selectFrom('referrals').select('reward_entry_id').where('store_id', '=', store.id).where('state', '=', 'completed').execute();
        expect(rewarded.every((row) => row.reward_entry_id !== null)).toBe(true);
        // an order in another currency, its points held until the merchant approves them
        const held = await db
          .selectFrom('ledger_entries')
          .select(['pending_points', 'reason', 'metadata'])
          .where('store_id', '=', store.id)
          .where('release_at', '=', HELD_UNTIL)
          .execute();
        expect(held).toHaveLength(1);
        expect(held[0]!.pending_points).toBeGreaterThan(0);
        expect(held[0]!.reason).toMatch(/^currency (CAD|EUR) differs from the store's USD$/);
        // receipts: some waiting for review, some reviewed
        expect((await listReceipts(db, store.id, { status: 'pending', limit: 20, offset: 0 })).total).toBe(3);
        expect((await listReceipts(db, store.id, { status: 'all', limit: 20, offset: 0 })).total).toBe(5);
        // what the program announced is in the sent log, dated when it happened
        const sent = await db
          .selectFrom('email_outbox')
          .select(['email_key', (eb) => eb.fn.countAll().as('n')])
          .where('store_id', '=', store.id)
          .where('status', '=', 'sent')
          .groupBy('email_key')
          .execute();
        const sentOf = Object.fromEntries(sent.map((row) => [row.email_key, toNumber(row.n)]));
        for (const key of ['loyalty-tier-update', 'referral-completed', 'referral-received', 'reward-redeemed'])
          expect(sentOf[key] ?? 0, key).toBeGreaterThan(0);
      }
      // the demo storefront's signed-in shopper (each store's first member) is left as it was
      const firstMembers = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.min('id').as('id'))
        .groupBy('store_id')
        .execute();
      const ids = firstMembers.map((row) => Number(row.id));
      expect(await db.selectFrom('receipts').select('id').where('customer_id', 'in', ids).execute()).toEqual([]);
      expect(await db.selectFrom('referrals').select('id').where('referrer_id', 'in', ids).execute()).toEqual([]);
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
