import { z } from 'zod';
import {
  adjustPointsBody,
  approveEntryBody,
  customerHistoryBody,
  pageQuery,
  refundRewardBody,
  setPointsBody,
  useRewardBody,
} from './contract/customer-points.ts';
import { redeemPointBody } from '../../contract/redeem.ts';
import { adjustPoints, listOrdersWithPoints, listRedemptions, listRewards, setBalance } from './points.ts';
import { approveHeldEntry, customerExists, listEntries, readAccount, type LedgerEntry } from '../../domain/ledger/index.ts';
import { refundedMinor } from '../orders/index.ts';
import { presentReward, redeemReward, rollbackReward, useRewardCode } from '../rules/index.ts';
import type { Db } from '../../db/connection.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';

async function ensureCustomer(db: Db, storeId: number, customerId: number): Promise<void> {
  if (!(await customerExists(db, storeId, customerId))) throw notFound('Customer');
}

const presentEntry = (entry: LedgerEntry & { held?: boolean }) => ({
  id: entry.id,
  customer_id: entry.customer_id,
  type: entry.type,
  points: entry.points,
  pending_points: entry.pending_points,
  source_type: entry.source_type,
  source_id: entry.source_id,
  rule_key: entry.rule_key,
  computation: entry.computation,
  reason: entry.reason,
  created_at: entry.created_at.toISOString(),
  /** its points wait for the merchant's approval (POST customer/points/approve) */
  held: entry.held ?? false,
});

/** Spec §7 data host: customers' points — adjust, set, refund a reward, history, rewards, redeem. */
export const customerPointsRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/customer/adjust/points',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customer points'], summary: 'Add or remove points with a reason', body: adjustPointsBody },
      },
      async (request) => {
        const { customer_id: customerId, points, reason } = request.body;
        await ensureCustomer(app.db, request.store.id, customerId);
        const entry = await underPersonsCap(
          app,
          request,
          (db) => adjustPoints(db, { storeId: request.store.id, customerId, delta: points, reason, who: request.user.name }, app.clock.now()),
          Math.abs(points),
        ).catch(asApiError);
        return { data: { entry: presentEntry(entry), account: await readAccount(app.db, request.store.id, customerId, app.clock.now()) } };
      },
    );

    app.post(
      '/customer/points/update',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customer points'], summary: 'Set the balance (one adjustment of the difference)', body: setPointsBody },
      },
      async (request) => {
        const { customer_id: customerId, balance, reason } = request.body;
        await ensureCustomer(app.db, request.store.id, customerId);
        const now = app.clock.now();
        await underPersonsCap(app, request, (db) =>
          setBalance(db, { storeId: request.store.id, customerId, balance, reason, who: request.user.name }, now),
        ).catch(asApiError);
        return { data: { account: await readAccount(app.db, request.store.id, customerId, now) } };
      },
    );

    app.post(
      '/customer/points/approve',
      {
        config: { permission: 'customers:support' },
        schema: {
          tags: ['customer points'],
          summary: 'Approve an entry held for the merchant (e.g. an order in another currency): its points become available',
          body: approveEntryBody,
        },
      },
      async (request) => {
        const now = app.clock.now();
        const release = await underPersonsCap(app, request, (db) =>
          approveHeldEntry(db, request.store.id, request.body.entry_id, request.user.name, now),
        ).catch(asApiError);
        return { data: { entry: presentEntry(release), account: await readAccount(app.db, request.store.id, release.customer_id, now) } };
      },
    );

    app.post(
      '/customer/points/refund',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customer points'], summary: 'Roll back an unused reward: its points come back', body: refundRewardBody },
      },
      async (request) => {
        const reward = await underPersonsCap(app, request, (db) =>
          rollbackReward(db, request.store.id, request.body.reward_id, request.body.reason ?? null, app.clock.now()),
        ).catch(asApiError);
        return { data: presentReward(reward) };
      },
    );

    app.post(
      '/transaction/points',
      {
        schema: { tags: ['customer points'], summary: 'Points history, newest first', body: customerHistoryBody },
        config: { permission: 'customers:read', apiScope: 'points:read' },
      },
      async (request) => {
        const { customer_id: customerId, limit, page } = request.body;
        if (customerId !== undefined) await ensureCustomer(app.db, request.store.id, customerId);
        const { rows, total } = await listEntries(app.db, request.store.id, customerId, { limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(presentEntry), total, page, limit } };
      },
    );

    app.post(
      '/transaction/rewards',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['customer points'], summary: 'Issued rewards (coupon codes), newest first', body: customerHistoryBody },
      },
      async (request) => {
        const { customer_id: customerId, limit, page } = request.body;
        if (customerId !== undefined) await ensureCustomer(app.db, request.store.id, customerId);
        const rows = await listRewards(app.db, request.store.id, { customerId, limit, offset: (page - 1) * limit }, app.clock.now());
        return { data: { data: rows.map(presentReward), page, limit } };
      },
    );

    app.get(
      '/redeem/customer/point',
      {
        schema: {
          tags: ['customer points'],
          summary: 'Redemptions of the store, newest first',
          querystring: z.strictObject({
            limit: z.coerce.number().int().min(1).max(100).default(20),
            page: z.coerce.number().int().min(1).max(100_000).default(1),
          }),
        },
        config: { permission: 'customers:read', apiScope: 'points:read' },
      },
      async (request) => {
        const { limit, page } = request.query;
        const rows = await listRedemptions(app.db, request.store.id, { limit, offset: (page - 1) * limit }, app.clock.now());
        return {
          data: {
            data: rows.map((row) => ({ ...presentReward(row), customer: { email: row.email, name: `${row.first_name} ${row.last_name}`.trim() } })),
            page,
            limit,
          },
        };
      },
    );

    app.post(
      '/reward/use',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customer points'], summary: "Use a reward's coupon code at checkout (refused when used, refunded or expired)", body: useRewardBody },
      },
      async (request) => {
        const reward = await underPersonsCap(app, request, (db) => useRewardCode(db, request.store.id, request.body.code, app.clock.now())).catch(asApiError);
        return { data: presentReward(reward) };
      },
    );

    app.post(
      '/list/orders',
      {
        config: { permission: 'customers:read' },
        schema: { tags: ['orders'], summary: 'Orders with the points they earned, newest first', querystring: pageQuery },
      },
      async (request) => {
        const { limit, page } = request.query;
        const rows = await listOrdersWithPoints(app.db, request.store.id, { limit, offset: (page - 1) * limit });
        return {
          data: {
            data: rows.map((row) => ({
              id: row.id,
              platform: row.platform,
              order_id: row.external_id,
              number: row.order_number,
              customer_email: row.email,
              total_minor: Number((row.data as { totalMinor?: number }).totalMinor ?? 0),
              currency: String((row.data as { currency?: string }).currency ?? 'USD'),
              refunded_minor: refundedMinor(row.refunds, Number((row.data as { totalMinor?: number }).totalMinor ?? 0)),
              cancelled: row.cancelled,
              points: row.points,
              updated_at: row.updated_at.toISOString(),
            })),
            page,
            limit,
          },
        };
      },
    );

    app.post(
      '/redeem/point',
      {
        config: { permission: 'customers:support' },
        schema: { tags: ['customer points'], summary: "Redeem a customer's points for a reward", body: redeemPointBody },
      },
      async (request) => {
        await ensureCustomer(app.db, request.store.id, request.body.customer_id);
        const reward = await underPersonsCap(app, request, (db) =>
          redeemReward(
            db,
            { storeId: request.store.id, customerId: request.body.customer_id, redeemId: request.body.redeem_id, points: request.body.points },
            app.clock.now(),
          ),
        ).catch(asApiError);
        return { data: presentReward(reward) };
      },
    );
  },
};
