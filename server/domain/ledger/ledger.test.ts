import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { InsufficientPointsError, credit, creditMany, debit, debitMany, readAccount, reverseDebit, verifyLedger } from './index.ts';
import { newCustomer, totals } from './testing.ts';
import { onLedgerEvent, type LedgerEvents } from './events.ts';

const day = 86_400_000;

describeEachDatabase(
  'points ledger',
  (ctx) => {
    const store = () => ctx.fixture.storeA.id;
    const now = () => ctx.clock.now();
    const earn = (customerId: number, points: number, sourceId: string, extra: Partial<Parameters<typeof credit>[1]> = {}) =>
      credit(
        ctx.db,
        {
          storeId: store(),
          customerId,
          type: 'order_earn',
          points,
          sourceType: 'order',
          sourceId,
          ruleKey: 'earn:1',
          computation: `order #${sourceId}: ${points}`,
          ...extra,
        },
        now(),
      );
    const spend = (customerId: number, points: number, sourceId: string) =>
      debit(ctx.db, { storeId: store(), customerId, type: 'redemption', points, sourceType: 'redemption', sourceId, computation: `redeem ${points}` }, now());

    it('credits once per idempotency key and keeps the cached totals equal to the entries', async () => {
      const customer = await newCustomer(ctx.db, store());
      expect((await earn(customer, 54, '1001')).duplicate).toBe(false);
      const again = await earn(customer, 54, '1001');
      expect(again.duplicate).toBe(true);
      expect(again.entry.computation).toBe('order #1001: 54');
      const batch = await creditMany(
        ctx.db,
        [1, 2, 2].map((n) => ({
          storeId: store(),
          customerId: customer,
          type: 'order_earn' as const,
          points: 10,
          sourceType: 'order',
          sourceId: `b${n}`,
          computation: 'x',
        })),
        now(),
      );
      expect(batch.inserted).toHaveLength(2);
      expect(batch.duplicates).toBe(1);
      expect(await totals(ctx.db, store(), customer)).toEqual({ balance: 74, pending: 0, lifetime: 74 });
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('refuses a debit beyond the balance and writes nothing', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 30, 'r1');
      const count = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('ledger_entries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('customer_id', '=', customer)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await expect(spend(customer, 31, 'too-much')).rejects.toBeInstanceOf(InsufficientPointsError);
      expect(await count()).toBe(before);
      expect((await totals(ctx.db, store(), customer)).balance).toBe(30);
      await spend(customer, 30, 'all');
      expect((await totals(ctx.db, store(), customer)).balance).toBe(0);
      await expect(spend(customer, 1, 'none-left')).rejects.toThrow('Not enough points');
    });

    it('spends the soonest-expiring batch first, never-expiring last, and a rollback refills the same batches', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 100, 'forever');
      await earn(customer, 40, 'late', { expiresAt: new Date(now().getTime() + 60 * day) });
      await earn(customer, 30, 'soon', { expiresAt: new Date(now().getTime() + 10 * day) });
      const spent = await spend(customer, 50, 's1');
      const remaining = async () =>
        Object.fromEntries(
          (
            await ctx.db
              .selectFrom('points_batches')
              .innerJoin('ledger_entries', 'ledger_entries.id', 'points_batches.entry_id')
              .select(['ledger_entries.source_id', 'points_batches.remaining'])
              .where('points_batches.customer_id', '=', customer)
              .execute()
          ).map((row) => [row.source_id, row.remaining]),
        );
      expect(await remaining()).toEqual({ forever: 100, late: 20, soon: 0 });
      const rollback = await reverseDebit(
        ctx.db,
        spent.entry.id,
        { storeId: store(), customerId: customer, type: 'redemption_rollback', computation: 'reward refunded' },
        now(),
      );
      expect(rollback.entry.points).toBe(50);
      expect(
        (await reverseDebit(ctx.db, spent.entry.id, { storeId: store(), customerId: customer, type: 'redemption_rollback', computation: 'again' }, now()))
          .duplicate,
      ).toBe(true);
      expect(await remaining()).toEqual({ forever: 100, late: 40, soon: 30 });
      expect(await totals(ctx.db, store(), customer)).toEqual({ balance: 170, pending: 0, lifetime: 170 });
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('debits many entries as one debit after another would: the same batches spent, totals moved, a repeated key skipped, a short balance refused', async () => {
      const spends = async (customer: number) =>
        (
          await ctx.db
            .selectFrom('batch_spends')
            .innerJoin('ledger_entries as d', 'd.id', 'batch_spends.entry_id')
            .innerJoin('points_batches as b', 'b.id', 'batch_spends.batch_id')
            .innerJoin('ledger_entries as c', 'c.id', 'b.entry_id')
            .select(['d.source_id as debit', 'c.source_id as batch', 'batch_spends.points', 'b.remaining'])
            .where('d.customer_id', '=', customer)
            .orderBy('d.id')
            .orderBy('b.id')
            .execute()
        ).map((row) => ({ ...row, points: Number(row.points), remaining: Number(row.remaining) }));
      const fund = async () => {
        const customer = await newCustomer(ctx.db, store());
        await earn(customer, 100, `${customer}-forever`);
        await earn(customer, 40, `${customer}-late`, { expiresAt: new Date(now().getTime() + 60 * day) });
        await earn(customer, 30, `${customer}-soon`, { expiresAt: new Date(now().getTime() + 10 * day) });
        return customer;
      };
      const input = (customerId: number, points: number, sourceId: string) => ({
        storeId: store(),
        customerId,
        type: 'refund_clawback' as const,
        points,
        lifetimeDelta: -points,
        sourceType: 'order_clawback',
        sourceId,
        computation: `claw back ${points}`,
      });
      const [one, many, other] = [await fund(), await fund(), await fund()];
      for (const [points, key] of [
        [20, 'a'],
        [35, 'b'],
        [60, 'c'],
      ] as const)
        await debit(ctx.db, input(one, points, `${one}-${key}`), now());
      const written = await debitMany(
        ctx.db,
        [
          input(many, 20, `${many}-a`),
          input(other, 170, `${other}-all`),
          input(many, 35, `${many}-b`),
          input(many, 60, `${many}-c`),
          input(many, 20, `${many}-a`),
        ],
        now(),
      );
      expect(written.map((entry) => entry.source_id)).toEqual([`${many}-a`, `${other}-all`, `${many}-b`, `${many}-c`]);
      const named = (customer: number) => async () =>
        (await spends(customer)).map((row) => ({ ...row, debit: row.debit.split('-')[1], batch: row.batch.split('-')[1] }));
      expect(await named(many)()).toEqual(await named(one)());
      expect(await totals(ctx.db, store(), many)).toEqual(await totals(ctx.db, store(), one));
      expect(await totals(ctx.db, store(), other)).toEqual({ balance: 0, pending: 0, lifetime: 0 });
      await expect(debitMany(ctx.db, [input(one, 50, `${one}-d`), input(one, 6, `${one}-e`)], now())).rejects.toBeInstanceOf(InsufficientPointsError);
      expect((await totals(ctx.db, store(), one)).balance).toBe(55);
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('holds pending points until the approval window passes, then releases them once', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 25, 'p1', { releaseAt: new Date(now().getTime() + 14 * day) });
      expect(await readAccount(ctx.db, store(), customer, now())).toEqual({ balance: 0, pending: 25, lifetime: 0 });
      await expect(spend(customer, 1, 'early')).rejects.toBeInstanceOf(InsufficientPointsError);
      const later = new Date(now().getTime() + 15 * day);
      expect(await readAccount(ctx.db, store(), customer, later)).toEqual({ balance: 25, pending: 0, lifetime: 25 });
      expect(await readAccount(ctx.db, store(), customer, later)).toEqual({ balance: 25, pending: 0, lifetime: 25 });
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('announces released points inside the releasing transaction: a subscriber that fails leaves them pending', async () => {
      const customer = await newCustomer(ctx.db, store());
      const earned = await earn(customer, 30, 'announce', { releaseAt: new Date(now().getTime() + day) });
      const later = new Date(now().getTime() + 2 * day);
      const failing = onLedgerEvent('points.released', async () => {
        throw new Error('subscriber down');
      });
      try {
        await expect(readAccount(ctx.db, store(), customer, later)).rejects.toThrow('subscriber down');
      } finally {
        failing();
      }
      expect(await totals(ctx.db, store(), customer)).toEqual({ balance: 0, pending: 30, lifetime: 0 });
      const heard: Array<LedgerEvents['points.released']> = [];
      const listening = onLedgerEvent('points.released', async (_trx, event) => {
        if (event.earns.some((entry) => entry.customer_id === customer)) heard.push(event);
      });
      try {
        expect(await readAccount(ctx.db, store(), customer, later)).toEqual({ balance: 30, pending: 0, lifetime: 30 });
        expect(await readAccount(ctx.db, store(), customer, later)).toEqual({ balance: 30, pending: 0, lifetime: 30 });
      } finally {
        listening();
      }
      expect(heard).toHaveLength(1);
      expect(heard[0]!.releases.map((entry) => [entry.type, entry.points, entry.parent_entry_id])).toEqual([['release', 30, earned.entry.id]]);
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('expires a batch past its expiry with one entry', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 20, 'e1', { expiresAt: new Date(now().getTime() + 5 * day) });
      await earn(customer, 7, 'e2');
      await spend(customer, 5, 'e-spend');
      const later = new Date(now().getTime() + 6 * day);
      expect(await readAccount(ctx.db, store(), customer, later)).toEqual({ balance: 7, pending: 0, lifetime: 27 });
      const expiry = await ctx.db.selectFrom('ledger_entries').selectAll().where('customer_id', '=', customer).where('type', '=', 'expiry').execute();
      expect(expiry.map((entry) => entry.points)).toEqual([-15]);
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('reports a cached balance that differs from its entries', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 10, 'v1');
      await sql`update points_accounts set balance = balance + 5 where customer_id = ${customer}`.execute(ctx.db);
      const breaches = await verifyLedger(ctx.db, store());
      expect(breaches.map((breach) => breach.problem)).toEqual(['balance 15 ≠ sum of entries 10', 'open batches hold 10 ≠ balance 15']);
      await sql`update points_accounts set balance = balance - 5 where customer_id = ${customer}`.execute(ctx.db);
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });

    it('lets exactly the covered redemptions through when 1,000 race for one balance', async () => {
      const customer = await newCustomer(ctx.db, store());
      await earn(customer, 100, 'race-fund');
      // the full 1,000 on PostgreSQL (real concurrent connections); PGlite has one connection anyway
      const racers = ctx.backend === 'postgres' ? 1000 : 200;
      const results = await Promise.allSettled(Array.from({ length: racers }, (_, index) => spend(customer, 10, `race-${index}`)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(failures.every((failure) => failure.reason instanceof InsufficientPointsError)).toBe(true);
      expect((await totals(ctx.db, store(), customer)).balance).toBe(0);
      expect(await verifyLedger(ctx.db, store())).toEqual([]);
    });
  },
  { postgres: true },
);
