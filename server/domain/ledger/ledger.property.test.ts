import * as fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { InsufficientPointsError, credit, debit, readAccount, reverseDebit, verifyLedger } from './index.ts';
import { newCustomer } from './testing.ts';

type Op =
  | { kind: 'earn'; points: number; pending: boolean; expires: boolean }
  | { kind: 'redeem'; points: number }
  | { kind: 'adjust'; points: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'advance'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), points: fc.integer({ min: 0, max: 300 }), pending: fc.boolean(), expires: fc.boolean() }),
  fc.record({ kind: fc.constant('redeem' as const), points: fc.integer({ min: 1, max: 250 }) }),
  fc.record({ kind: fc.constant('adjust' as const), points: fc.integer({ min: -200, max: 200 }) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }),
);

describeEachDatabase('points ledger: properties', (ctx) => {
  it('random earn, redeem, refund and adjust sequences keep every invariant', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const storeId = ctx.fixture.storeB.id;
        const customerId = await newCustomer(ctx.db, storeId, 'prop');
        let time = ctx.clock.now().getTime();
        const redemptions: number[] = [];
        for (const [index, step] of ops.entries()) {
          const now = new Date(time);
          const source = `${run}-${index}`;
          if (step.kind === 'earn') {
            await credit(
              ctx.db,
              {
                storeId,
                customerId,
                type: 'order_earn',
                points: step.points,
                sourceType: 'order',
                sourceId: source,
                computation: `earn ${step.points}`,
                releaseAt: step.pending ? new Date(time + 7 * 86_400_000) : null,
                expiresAt: step.expires ? new Date(time + 30 * 86_400_000) : null,
              },
              now,
            );
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
            await credit(
              ctx.db,
              {
                storeId,
                customerId,
                type: 'adjustment',
                points: step.points,
                sourceType: 'adjust',
                sourceId: source,
                computation: `adjust +${step.points}`,
                reason: 'property test',
              },
              now,
            );
          } else if (step.kind === 'refund') {
            const target = redemptions[step.pick % Math.max(1, redemptions.length)];
            if (target !== undefined) await reverseDebit(ctx.db, target, { storeId, customerId, type: 'redemption_rollback', computation: 'rolled back' }, now);
          } else {
            time += step.days * 86_400_000;
          }
          const totals = await readAccount(ctx.db, storeId, customerId, new Date(time));
          expect(totals.balance).toBeGreaterThanOrEqual(0);
          expect(totals.pending).toBeGreaterThanOrEqual(0);
        }
        expect(await verifyLedger(ctx.db, storeId)).toEqual([]);
      }),
      { numRuns: ctx.backend === 'postgres' ? 40 : 25, seed: 7 },
    );
  }, 120_000);
});
