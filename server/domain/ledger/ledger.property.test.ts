import * as fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { earningRuleBody } from '../../modules/rules/contract/earning-rules.ts';
import { applyOrderEvents } from '../../modules/orders/index.ts';
import type { OrderEvent } from '../schemas/normalized-order.ts';
import { createEarningRule } from '../../modules/rules/index.ts';
import { InsufficientPointsError, credit, debit, readAccount, reverseDebit, verifyLedger } from './index.ts';
import { newCustomer } from './testing.ts';

/**
 * Random, but replayable: LEDGER_SEED=<n> replays a run; a failure prints the seed (and
 * fast-check's shrunk counterexample with its path).
 */
const SEED = Number(process.env.LEDGER_SEED ?? Math.floor(Math.random() * 2 ** 31));
// endOnFailure: no shrinking (each run writes to the database; the seed replays the failure)
const settings = (numRuns: number) => ({ numRuns, seed: SEED, verbose: 1 as const, endOnFailure: true });
const replay = `replay with LEDGER_SEED=${SEED}`;

type Op =
  | { kind: 'earn'; points: number; pending: boolean; expires: boolean }
  | { kind: 'redeem'; points: number }
  | { kind: 'adjust'; points: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'advance'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 0, max: 300 }), pending: fc.boolean(), expires: fc.boolean() }),
  fc.record({ kind: fc.constant('redeem' as const), points: fc.integer({ min: 1, max: 250 }) }),
  fc.record({ kind: fc.constant('adjust' as const), points: fc.integer({ min: -200, max: 200 }) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }),
);

describeEachDatabase(
  'points ledger: properties',
  (ctx) => {
    it('random earn, redeem, refund and adjust sequences keep every invariant', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
          run += 1;
          const storeId = ctx.fixture.storeB.id;
          const customerId = await newCustomer(ctx.db, storeId, 'prop');
          let time = ctx.clock.now().getTime();
          const redemptions: number[] = [];
          const credits: Array<Parameters<typeof credit>[1]> = [];
          const entries = async () => (await ctx.db.selectFrom('ledger_entries').select('id').where('customer_id', '=', customerId).execute()).length;
          for (const [index, step] of ops.entries()) {
            const now = new Date(time);
            const source = `${run}-${index}`;
            if (step.kind === 'replay') {
              // a duplicate delivery of an earlier credit (same source): nothing new is written
              const earlier = credits[step.pick % Math.max(1, credits.length)];
              if (earlier) {
                const count = await entries();
                expect((await credit(ctx.db, earlier, now)).duplicate, replay).toBe(true);
                expect(await entries(), replay).toBe(count);
              }
            } else if (step.kind === 'earn') {
              const input: Parameters<typeof credit>[1] = {
                storeId,
                customerId,
                type: 'order_earn',
                points: step.points,
                sourceType: 'order',
                sourceId: source,
                computation: `earn ${step.points}`,
                releaseAt: step.pending ? new Date(time + 7 * 86_400_000) : null,
                expiresAt: step.expires ? new Date(time + 30 * 86_400_000) : null,
              };
              credits.push(input);
              await credit(ctx.db, input, now);
            } else if (step.kind === 'redeem' || (step.kind === 'adjust' && step.points < 0)) {
              const points = Math.abs(step.points);
              const before = await readAccount(ctx.db, storeId, customerId, now);
              try {
                const { entry } = await debit(
                  ctx.db,
                  {
                    storeId,
                    customerId,
                    type: step.kind === 'redeem' ? 'redemption' : 'adjustment',
                    points,
                    sourceType: step.kind,
                    sourceId: source,
                    computation: `spend ${points}`,
                  },
                  now,
                );
                expect(before.balance).toBeGreaterThanOrEqual(points);
                if (step.kind === 'redeem') redemptions.push(entry.id);
              } catch (error) {
                expect(error).toBeInstanceOf(InsufficientPointsError);
                expect(before.balance).toBeLessThan(points);
                expect(await readAccount(ctx.db, storeId, customerId, now)).toEqual(before);
              }
            } else if (step.kind === 'adjust') {
              const input: Parameters<typeof credit>[1] = {
                storeId,
                customerId,
                type: 'adjustment',
                points: step.points,
                sourceType: 'adjust',
                sourceId: source,
                computation: `adjust +${step.points}`,
                reason: 'property test',
              };
              credits.push(input);
              await credit(ctx.db, input, now);
            } else if (step.kind === 'refund') {
              const target = redemptions[step.pick % Math.max(1, redemptions.length)];
              if (target !== undefined)
                await reverseDebit(ctx.db, target, { storeId, customerId, type: 'redemption_rollback', computation: 'rolled back' }, now);
            } else {
              time += step.days * 86_400_000;
            }
            const totals = await readAccount(ctx.db, storeId, customerId, new Date(time));
            expect(totals.balance, replay).toBeGreaterThanOrEqual(0);
            expect(totals.pending, replay).toBeGreaterThanOrEqual(0);
          }
          expect(await verifyLedger(ctx.db, storeId), replay).toEqual([]);
        }),
        settings(ctx.backend === 'postgres' ? 40 : 25),
      );
    });

    describeOrders(ctx);
  },
  { postgres: true },
);

interface OrderPlan {
  cents: number;
  /** refunded amount (minor units), or null for no refund */
  refund: number | null;
  cancel: boolean;
  /** how often each of the order's events is delivered (1–3) */
  copies: number;
}

const orderPlan: fc.Arbitrary<OrderPlan> = fc.record({
  cents: fc.integer({ min: 100, max: 50_000 }),
  refund: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
  cancel: fc.boolean(),
  copies: fc.integer({ min: 1, max: 3 }),
});

/** Orders of one customer: paid, refunded, cancelled — each event delivered 1–3 times, all in a random order, redemptions in between. */
function describeOrders(ctx: Parameters<Parameters<typeof describeEachDatabase>[1]>[0]) {
  beforeAll(async () => {
    await createEarningRule(ctx.db, ctx.fixture.storeC.id, earningRuleBody.parse({ type: 'order', title: 'Order', points: 1 }), ctx.clock.now());
  });

  it('order deliveries out of order and duplicated, with redemptions between, converge to the net points of each order', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderPlan, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 30 }), { minLength: 40, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 150 }), { maxLength: 3 }),
        async (plans, order, spends) => {
          run += 1;
          const storeId = ctx.fixture.storeC.id;
          const email = `order-prop-${run}-${Math.random().toString(36).slice(2)}@example.com`;
          type Delivery = { event: OrderEvent } | { spend: number };
          const deliveries: Delivery[] = [];
          let expected = 0;
          for (const [index, plan] of plans.entries()) {
            const id = `prop-${run}-${index}-${SEED}`;
            const paid = paidOrder(id, email, plan.cents, { updatedAt: '2026-03-01T00:00:01Z' });
            const events: OrderEvent[] = [{ platform: 'custom', orderExternalId: id, order: paid }];
            const earned = Math.floor(plan.cents / 100);
            let net = earned;
            if (plan.refund !== null) {
              events.push({ platform: 'custom', orderExternalId: id, refunds: [{ refundId: `${id}-r`, amountMinor: plan.refund }] });
              // clamped to the order's total; the clawback is the refunded share of what was earned
              net -= Math.min(earned, Math.round((earned * Math.min(plan.refund, plan.cents)) / plan.cents));
            }
            if (plan.cancel) {
              events.push({
                platform: 'custom',
                orderExternalId: id,
                order: { ...paid, cancelled: true, statuses: ['paid', 'cancelled'], updatedAt: '2026-03-02T00:00:00Z' },
              });
              net = 0;
            }
            expected += net;
            for (const event of events) for (let copy = 0; copy < plan.copies; copy += 1) deliveries.push({ event });
          }
          deliveries.push(...spends.map((spend) => ({ spend })));
          // a random delivery order (keys from the generator)
          const shuffled = deliveries.map((delivery, index) => ({ delivery, key: order[index % order.length]! + index / 1e6 })).sort((a, b) => a.key - b.key);
          let spent = 0;
          for (const { delivery } of shuffled) {
            if ('event' in delivery) {
              await applyOrderEvents(ctx.db, storeId, [delivery.event], ctx.clock.now());
              continue;
            }
            const customer = await ctx.db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();
            if (!customer) continue;
            try {
              await debit(
                ctx.db,
                {
                  storeId,
                  customerId: customer.id,
                  type: 'redemption',
                  points: delivery.spend,
                  sourceType: 'prop',
                  sourceId: `${email}-${spent}-${delivery.spend}`,
                  computation: 'spend',
                },
                ctx.clock.now(),
              );
              spent += delivery.spend;
            } catch (error) {
              expect(error, replay).toBeInstanceOf(InsufficientPointsError);
            }
          }
          const customer = await ctx.db.selectFrom('customers').select('id').where('store_id', '=', storeId).where('email', '=', email).executeTakeFirst();
          if (!customer) return;
          const rows = await ctx.db
            .selectFrom('ledger_entries')
            .select(['points', 'source_type', 'source_id', 'rule_key', 'metadata'])
            .where('store_id', '=', storeId)
            .where('customer_id', '=', customer.id)
            .execute();
          // no entry doubled
          expect(new Set(rows.map((row) => `${row.source_type}|${row.source_id}|${row.rule_key}`)).size, replay).toBe(rows.length);
          // the orders' entries net to what they earned less their refunds, whatever the delivery
          // order — except what a clawback found already spent, which its entry states
          const shortfall = rows
            .filter((row) => row.source_type === 'order_clawback')
            .reduce((sum, row) => {
              const { requested, taken } = row.metadata as { requested: number; taken: number };
              return sum + Number(requested) - Number(taken);
            }, 0);
          if (spent === 0) expect(shortfall, replay).toBe(0);
          const orderPoints = rows.filter((row) => row.source_type !== 'prop').reduce((sum, row) => sum + Number(row.points), 0);
          expect(orderPoints, replay).toBe(expected + shortfall);
          const totals = await readAccount(ctx.db, storeId, customer.id, ctx.clock.now());
          expect(totals.balance, replay).toBe(orderPoints - spent);
          expect(totals.balance, replay).toBeGreaterThanOrEqual(0);
          expect(await verifyLedger(ctx.db, storeId), replay).toEqual([]);
        },
      ),
      settings(15),
    );
  });
}
