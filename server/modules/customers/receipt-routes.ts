import { idParams } from '../../contract/common.ts';
import { receiptListBody, receiptListQuery, receiptReviewBody, type ReceiptRecord, type ShopperReceipt } from './contract/receipts.ts';
import { findReceipt, listReceipts, readReceiptImage, ReceiptError, type ReceiptRow, reviewReceipt } from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';

const tags = ['receipts'];
/** A refused receipt as the API answers it. */
export const asReceiptError = (error: unknown): never => {
  if (error instanceof ReceiptError) throw new ApiError(error.status, error.message, error.code);
  return asApiError(error);
};

/** A receipt as its shopper sees it. */
export const presentShopperReceipt = (row: ReceiptRow): ShopperReceipt => ({
  id: row.id,
  amount_minor: Number(row.amount_minor),
  currency: row.currency,
  status: row.status,
  reason: row.reason,
  points: row.points,
  created_at: row.created_at.toISOString(),
});

const present = (row: ReceiptRow & { email?: string; first_name?: string; last_name?: string }): ReceiptRecord => ({
  ...presentShopperReceipt(row),
  customer: row.email === undefined ? null : { id: row.customer_id, email: row.email, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
  purchased_on: row.purchased_on === null ? null : String(row.purchased_on).slice(0, 10),
  note: row.note,
  image_url: `/receipt/expense/${row.id}/image`,
  mime_type: row.mime_type,
  size_bytes: row.size_bytes,
  reviewed_by: row.reviewed_by,
  reviewed_at: row.reviewed_at?.toISOString() ?? null,
});

/** Data host receipt calls (spec §7): the moderation queue, one receipt and its image, the review. */
export const receiptRoutes: RouteModule = {
  prefix: '/data/v1',
  register(app) {
    app.post(
      '/receipt/list',
      {
        config: { permission: 'customers:read' },
        schema: {
          tags,
          summary: "The store's receipts in a state (pending: oldest first; others newest first) with their customer",
          querystring: receiptListQuery,
          body: receiptListBody,
        },
      },
      async (request) => {
        const { page } = request.query;
        const { status, limit } = request.body;
        const { rows, total } = await listReceipts(app.db, request.store.id, { status, limit, offset: (page - 1) * limit });
        return { data: { data: rows.map(present), total, page, limit } };
      },
    );

    app.get(
      '/receipt/expense/:id',
      { config: { permission: 'customers:read' }, schema: { tags, summary: 'One receipt: amount, customer, state and where its image is', params: idParams } },
      async (request) => {
        const row = await findReceipt(app.db, request.store.id, request.params.id);
        if (!row) throw notFound('Receipt');
        return { data: present(row) };
      },
    );

    app.get(
      '/receipt/expense/:id/image',
      { config: { permission: 'customers:read' }, schema: { tags, summary: "A receipt's photo (staff only: receipts are personal)", params: idParams } },
      async (request, reply) => {
        const image = await readReceiptImage(app.db, request.store.id, request.params.id);
        if (!image) throw notFound('Receipt');
        return reply.header('cache-control', 'private, max-age=3600').type(image.mime_type).send(Buffer.from(image.image));
      },
    );

    app.post(
      '/receipt/review',
      {
        config: { permission: 'customers:support' },
        schema: {
          tags,
          summary: 'Approve a pending receipt (points by the order rule, once) or reject it with a reason the shopper sees',
          body: receiptReviewBody,
        },
      },
      async (request) => {
        const body = request.body;
        const decision = body.action === 'approve' ? ({ approve: true } as const) : ({ approve: false, reason: body.reason } as const);
        const row = await underPersonsCap(app, request, (db) =>
          reviewReceipt(db, request.store.id, body.receipt_id, decision, request.user.name, app.clock.now()),
        ).catch(asReceiptError);
        return { data: present(row) };
      },
    );
  },
};
