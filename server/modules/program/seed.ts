import { sql } from 'kysely';
import { earningRuleBody } from '../rules/contract/earning-rules.ts';
import { redeemRuleBody } from '../rules/contract/redeem-rules.ts';
import { creditMany, debitMany, type CreditInput, type DebitInput, type Executor } from '../../domain/ledger/index.ts';
import { formatMoney } from '../../domain/schemas/normalized-order.ts';
import { createEarningRule, createRedeemRule } from '../rules/index.ts';
import { backdateSeedEntries, recordSeedEmailsSent, seedRedemptions } from './seed-history.ts';

/**
 * The demo program: 1 point per $1 on paid orders, 50 for signing up, 100 for a
 * birthday; 500 points for $5 off and 1,000 for 10% off. Every seeded customer's balance comes
 * from real ledger entries: a sign-up entry and one earn per seeded order (a refunded order's
 * earn is clawed back), dated as they happened, and some redemptions (`seed-history.ts`).
 * Idempotent: a second run adds nothing.
 */
export async function seedProgram(db: Executor, storeId: number, now = new Date()): Promise<void> {
  const existing = await db.selectFrom('earning_rules').select('id').where('store_id', '=', storeId).limit(1).executeTakeFirst();
  if (existing) return;
  const order = await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'order', title: 'Place an order', points: 1 }), now);
  const signup = await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'signup', title: 'Sign up', points: 50, limit_type: 'once' }), now);
  await createEarningRule(db, storeId, earningRuleBody.parse({ type: 'birthday', title: 'Celebrate your birthday', points: 100 }), now);
  const fiveOff = await createRedeemRule(
    db,
    storeId,
    redeemRuleBody.parse({ type: 'fixed_amount', title: '$5 off coupon', points_cost: 500, discount_value: 500 }),
    now,
  );
  await createRedeemRule(db, storeId, redeemRuleBody.parse({ type: 'percentage', title: '10% off coupon', points_cost: 1000, discount_value: 10 }), now);

  const customers = await db.selectFrom('customers').select(['id']).where('store_id', '=', storeId).execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'customer_id', 'external_id', 'total_minor', 'currency', 'status'])
    .where('store_id', '=', storeId)
    .where('customer_id', 'is not', null)
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('id')
    .execute();
  const credits: CreditInput[] = customers.map((customer) => ({
    storeId,
    customerId: customer.id,
    type: 'action_earn',
    points: 50,
    sourceType: 'action',
    sourceId: `${customer.id}:once`,
    ruleKey: `earn:${signup.id}`,
    computation: 'Sign up: 50 points',
  }));
  for (const row of orders) {
    const points = Math.floor(row.total_minor / 100);
    credits.push({
      storeId,
      customerId: row.customer_id!,
      type: 'order_earn',
      points,
      sourceType: 'order',
      sourceId: `seed:${row.external_id}`,
      ruleKey: `earn:${order.id}`,
      computation: `order ${row.external_id}: ${formatMoney(row.total_minor, row.currency)} × 1 point per $1 = ${points}`,
      metadata: { order_number: row.external_id },
    });
  }
  const { inserted } = await creditMany(db, credits, now);
  // thousands of rows were just written in this transaction: without statistics (PGlite never
  // auto-analyzes) the clawbacks, redemptions and backdating below join by nested loops
  await sql`analyze customers, orders, ledger_entries, points_accounts, points_batches`.execute(db);
  const earnOf = new Map(inserted.filter((entry) => entry.type === 'order_earn').map((entry) => [entry.source_id, entry]));
  const clawbacks: DebitInput[] = [];
  for (const row of orders.filter((candidate) => candidate.status === 'refunded')) {
    const earn = earnOf.get(`seed:${row.external_id}`);
    if (!earn || earn.points === 0) continue;
    clawbacks.push({
      storeId,
      customerId: earn.customer_id,
      type: 'refund_clawback',
      points: earn.points,
      lifetimeDelta: -earn.points,
      sourceType: 'order_clawback',
      sourceId: `seed:${row.external_id}`,
      ruleKey: `${earn.rule_key}:to:${earn.points}`,
      parentEntryId: earn.id,
      computation: `order ${row.external_id} refunded in full: ${earn.points} points back`,
      metadata: { target: earn.points, requested: earn.points, taken: earn.points },
    });
  }
  await debitMany(db, clawbacks, now);
  await backdateSeedEntries(db, storeId, now);
  await seedRedemptions(db, storeId, fiveOff.id, fiveOff.points_cost, now);
  await recordSeedEmailsSent(db, storeId);
}
