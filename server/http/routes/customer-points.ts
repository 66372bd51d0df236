// oxlint-disable no-async-endpoint-handlers -- a rule for Express; Fastify awaits async handlers
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { adjustPointsBody, customerHistoryBody, refundRewardBody, setPointsBody } from '../../contract/customer-points.ts';
import { redeemPointBody } from '../../contract/redeem.ts';
import { InsufficientPointsError, credit, debit, inTransaction, listEntries, lockAccount, readAccount } from '../../domain/ledger/index.ts';
import { presentReward, RedeemError, redeemReward, rollbackReward } from '../../domain/rules/redeem.ts';
import type { Db } from '../../db/connection.ts';
import type { RouteModule } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';

async function ensureCustomer(db: Db, storeId: number, customerId: number): Promise<void> {
  const row = await db.selectFrom('customers').select('id').where('id', '=', customerId).where('store_id', '=', storeId).executeTakeFirst();
  if (!row) throw notFound('Customer');
}

const asApiError = (error: unknown): never => {
  if (error instanceof InsufficientPointsError) throw new ApiError(422, 'Not enough points', 'not_enough_points');
  if (error instanceof RedeemError) throw new ApiError(error.status, error.message, error.code);
  throw error;
};

/** Adjusts by `delta` through the ledger (a removal never below zero). */
async function adjust(db: Db, storeId: number, customerId: number, delta: number, reason: string, who: string, now: Date) {
  const base = { storeId, customerId, type: 'adjustment' as const, sourceType: 'adjustment', sourceId: randomUUID(), reason };
  if (delta > 0) return (await credit(db, { ...base, points: delta, computation: `manual adjustment by ${who}: +${delta}` }, now)).entry;
  return (await debit(db, { ...base, points: -delta, computation: `manual adjustment by ${who}: ${delta}` }, now)).entry;
}

const presentEntry = (entry: Awaited<ReturnType<typeof listEntries>>['rows'][number]) => ({
  id: entry.id, customer_id: entry.customer_id, type: entry.type, points: entry.points, pending_points: entry.pending_points,
  computation: entry.computation, reason: entry.reason, created_at: entry.created_at.toISOString(),
});

/** Spec §7 data host: customers' points — adjust, set, refund a reward, history, rewards, redeem. */
export const customerPointsRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post('/customer/adjust/points', { schema: { tags: ['customer points'], summary: 'Add or remove points with a reason', body: adjustPointsBody } }, async (request) => {
      const { customer_id: customerId, points, reason } = request.body;
      await ensureCustomer(app.db, request.store.id, customerId);
      const entry = await adjust(app.db, request.store.id, customerId, points, reason, request.user.name, app.clock.now()).catch(asApiError);
      return { data: { entry: presentEntry(entry), account: await readAccount(app.db, request.store.id, customerId, app.clock.now()) } };
    });

    app.post('/customer/points/update', { schema: { tags: ['customer points'], summary: 'Set the balance (one adjustment of the difference)', body: setPointsBody } }, async (request) => {
      const { customer_id: customerId, balance, reason } = request.body;
      await ensureCustomer(app.db, request.store.id, customerId);
      const now = app.clock.now();
      await inTransaction(app.db, async (trx) => {
        const account = await lockAccount(trx, request.store.id, customerId, now);
        if (balance !== account.balance) await adjust(trx, request.store.id, customerId, balance - account.balance, reason, request.user.name, now);
      }).catch(asApiError);
      return { data: { account: await readAccount(app.db, request.store.id, customerId, now) } };
    });

    app.post('/customer/points/refund', { schema: { tags: ['customer points'], summary: 'Roll back an unused reward: its points come back', body: refundRewardBody } }, async (request) => {
      const reward = await rollbackReward(app.db, request.store.id, request.body.reward_id, request.body.reason ?? null, app.clock.now()).catch(asApiError);
      return { data: presentReward(reward) };
    });

    app.post('/transaction/points', { schema: { tags: ['customer points'], summary: 'Points history, newest first', body: customerHistoryBody } }, async (request) => {
      const { customer_id: customerId, limit, page } = request.body;
      if (customerId !== undefined) await ensureCustomer(app.db, request.store.id, customerId);
      const { rows, total } = await listEntries(app.db, request.store.id, customerId, { limit, offset: (page - 1) * limit });
      return { data: { data: rows.map(presentEntry), total, page, limit } };
    });

    app.post('/transaction/rewards', { schema: { tags: ['customer points'], summary: 'Issued rewards (coupon codes), newest first', body: customerHistoryBody } }, async (request) => {
      const { customer_id: customerId, limit, page } = request.body;
      let query = app.db.selectFrom('rewards').where('store_id', '=', request.store.id);
      if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
      const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute();
      return { data: { data: rows.map(presentReward), page, limit } };
    });

    app.get('/redeem/customer/point', { schema: { tags: ['customer points'], summary: 'Redemptions of the store, newest first', querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20), page: z.coerce.number().int().min(1).max(100_000).default(1) }) } }, async (request) => {
      const { limit, page } = request.query;
      const rows = await app.db.selectFrom('rewards').innerJoin('customers', 'customers.id', 'rewards.customer_id')
        .selectAll('rewards').select(['customers.email', 'customers.first_name', 'customers.last_name'])
        .where('rewards.store_id', '=', request.store.id).orderBy('rewards.id', 'desc').limit(limit).offset((page - 1) * limit).execute();
      return { data: { data: rows.map((row) => ({ ...presentReward(row), customer: { email: row.email, name: `${row.first_name} ${row.last_name}`.trim() } })), page, limit } };
    });

    app.post('/redeem/point', { schema: { tags: ['customer points'], summary: "Redeem a customer's points for a reward", body: redeemPointBody } }, async (request) => {
      await ensureCustomer(app.db, request.store.id, request.body.customer_id);
      const reward = await redeemReward(app.db, { storeId: request.store.id, customerId: request.body.customer_id, redeemId: request.body.redeem_id, points: request.body.points }, app.clock.now()).catch(asApiError);
      return { data: presentReward(reward) };
    });
  },
};
