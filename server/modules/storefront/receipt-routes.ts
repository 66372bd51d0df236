import fastifyMultipart from '@fastify/multipart';
import { idParams } from '../../contract/common.ts';
import { MAX_UPLOAD_BYTES } from '../../contract/media.ts';
import {
  RECEIPT_FIELD,
  receiptListBody,
  receiptListQuery,
  receiptReviewBody,
  shopperReceiptQuery,
  shopperReceiptsQuery,
  type ReceiptRecord,
  type ShopperReceipt,
} from './contract/receipts.ts';
import { storeKeyParams } from '../../contract/storefront.ts';
import {
  findReceipt,
  listReceipts,
  readReceiptImage,
  ReceiptError,
  type ReceiptRow,
  reviewReceipt,
  shopperReceipts,
  submitReceipt,
} from '../customers/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { readUpload } from '../../http/uploads.ts';
import { underPersonsCap } from '../../http/points-cap.ts';
import { asApiError } from '../../http/rule-errors.ts';
import { shopper, storeOf } from './routes.ts';

const tags = ['receipts'];
/** Uploads are heavy: a few a minute per address (the domain also caps each shopper at RECEIPTS_PER_HOUR). */
const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

const asReceiptError = (error: unknown): never => {
  if (error instanceof ReceiptError) throw new ApiError(error.status, error.message, error.code);
  return asApiError(error);
};

const presentShopper = (row: ReceiptRow): ShopperReceipt => ({
  id: row.id,
  amount_minor: Number(row.amount_minor),
  currency: row.currency,
  status: row.status,
  reason: row.reason,
  points: row.points,
  created_at: row.created_at.toISOString(),
});

const present = (row: ReceiptRow & { email?: string; first_name?: string; last_name?: string }): ReceiptRecord => ({
  ...presentShopper(row),
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

/** Shopper receipt calls: a signed-in shopper sends a receipt photo and reads what became of theirs. */
export const storefrontReceiptRoutes: RouteModule = {
  prefix: '/storefront/v1',
  async register(app) {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

    app.post(
      '/:storeKey/receipts',
      {
        schema: {
          tags: ['storefront'],
          summary: `Send an in-store receipt: its photo (PNG, JPEG, GIF, WebP, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) as multipart field "${RECEIPT_FIELD}", the amount in the query`,
          consumes: ['multipart/form-data'],
          params: storeKeyParams,
          querystring: shopperReceiptQuery,
        },
        config: { rateLimit: UPLOAD_RATE },
      },
      async (request, reply) => {
        const store = await storeOf(app, request.params.storeKey);
        const { customer_id: externalId, digest, amount, purchased_on: purchasedOn, note } = request.query;
        const customerId = await shopper(app, store, externalId, digest);
        const image = await readUpload(app, request, RECEIPT_FIELD);
        const row = await submitReceipt(
          app.db,
          store.id,
          customerId,
          { amountMinor: amount, purchasedOn: purchasedOn ?? null, note: note ?? '', image },
          app.clock.now(),
        ).catch(asReceiptError);
        return reply.code(201).send({ data: presentShopper(row) });
      },
    );

    app.get(
      '/:storeKey/receipts',
      {
        schema: {
          tags: ['storefront'],
          summary: "The shopper's latest receipts and what became of them",
          params: storeKeyParams,
          querystring: shopperReceiptsQuery,
        },
      },
      async (request) => {
        const store = await storeOf(app, request.params.storeKey);
        const customerId = await shopper(app, store, request.query.customer_id, request.query.digest);
        return { data: (await shopperReceipts(app.db, store.id, customerId)).map(presentShopper) };
      },
    );
  },
};
