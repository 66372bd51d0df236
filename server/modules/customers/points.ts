import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { POINTS_LIMITS, PointsLimitError, credit, debit, inTransaction, lockAccount, type Executor } from '../../domain/ledger/index.ts';
import { expireDueRewards } from '../rules/index.ts';
import { reevaluateTiers } from '../vip/index.ts';
import { withCodeStatuses } from '../platforms/index.ts';

export interface Adjustment {
  storeId: number;
  customerId: number;
  delta: number;
  reason: string;
  who: string;
}

/**
 * Adjusts by `delta` through the ledger (a removal never below zero), saying who did it and why;
 * at most the adjustment limit either way (PointsLimitError). A person's cap is the caller's
 * (withinPointsCap): it also counts what the adjustment sets off, such as a tier's entry reward.
 */
export async function adjustPoints(db: Executor, input: Adjustment, now: Date) {
  const { storeId, customerId, delta, reason, who } = input;
  if (Math.abs(delta) > POINTS_LIMITS.adjustment) throw new PointsLimitError('adjustment');
  const base = { storeId, customerId, type: 'adjustment' as const, sourceType: 'adjustment', sourceId: randomUUID(), reason };
  return inTransaction(db, async (trx) => {
    const entry =
      delta > 0
        ? (await credit(trx, { ...base, points: delta, computation: `manual adjustment by ${who}: +${delta}` }, now)).entry
        : (await debit(trx, { ...base, points: -delta, computation: `manual adjustment by ${who}: ${delta}` }, now)).entry;
    await reevaluateTiers(trx, storeId, [customerId], now);
    return entry;
  });
}

/** Sets the balance: one adjustment of the difference (within the adjustment limit), under the account's lock. */
export async function setBalance(db: Executor, input: Omit<Adjustment, 'delta'> & { balance: number }, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, input.storeId, input.customerId, now);
    if (input.balance !== account.balance) await adjustPoints(trx, { ...input, delta: input.balance - account.balance }, now);
  });
}

/** Issued rewards, newest first (rewards past their expiry are marked expired first). */
export async function listRewards(db: Db, storeId: number, options: { customerId?: number | undefined; limit: number; offset: number }, now: Date) {
  await expireDueRewards(db, now, { storeId });
  let query = db.selectFrom('rewards').where('store_id', '=', storeId);
  if (options.customerId !== undefined) query = query.where('customer_id', '=', options.customerId);
  return withCodeStatuses(db, storeId, await query.selectAll().orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute());
}

/** The store's redemptions with who redeemed, newest first. */
export async function listRedemptions(db: Db, storeId: number, options: { limit: number; offset: number }, now: Date) {
  await expireDueRewards(db, now, { storeId });
  const rows = await db
    .selectFrom('rewards')
    .innerJoin('customers', 'customers.id', 'rewards.customer_id')
    .selectAll('rewards')
    .select(['customers.email', 'customers.first_name', 'customers.last_name'])
    .where('rewards.store_id', '=', storeId)
    .orderBy('rewards.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return withCodeStatuses(db, storeId, rows);
}

/** Orders the store knows, newest first, each with the points its ledger entries add up to. */
export async function listOrdersWithPoints(db: Db, storeId: number, options: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('order_states')
    .leftJoin('customers', 'customers.id', 'order_states.customer_id')
    .select([
      'order_states.id',
      'order_states.platform',
      'order_states.external_id',
      'order_states.order_number',
      'order_states.cancelled',
      'order_states.data',
      'order_states.refunds',
      'order_states.updated_at',
      'customers.email',
    ])
    .where('order_states.store_id', '=', storeId)
    .where('order_states.known', '=', true)
    .orderBy('order_states.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const keys = rows.map((row) => `${row.platform}:${row.external_id}`);
  const sums =
    keys.length === 0
      ? []
      : await db
          .selectFrom('ledger_entries')
          .select(['source_id', (eb) => eb.fn.sum<number>('points').as('points')])
          .where('store_id', '=', storeId)
          .where('source_type', 'in', ['order', 'order_clawback'])
          .where('source_id', 'in', keys)
          .groupBy('source_id')
          .execute();
  const pointsOf = new Map(sums.map((sum) => [sum.source_id, Number(sum.points)]));
  return rows.map((row) => ({ ...row, points: pointsOf.get(`${row.platform}:${row.external_id}`) ?? 0 }));
}
