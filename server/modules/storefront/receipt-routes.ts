import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '../../contract/media.ts';
import { RECEIPT_FIELD, shopperReceiptQuery, shopperReceiptsQuery } from '../customers/contract/receipts.ts';
import { storeKeyParams } from './contract/shopper.ts';
import { asReceiptError, presentShopperReceipt, shopperReceipts, submitReceipt } from '../customers/index.ts';
import type { RouteModule } from '../../http/context.ts';
import { readUpload } from '../media/index.ts';
import { shopper, storeOf } from './routes.ts';

/** Uploads are heavy: a few a minute per address (the customers module also caps each shopper at RECEIPTS_PER_HOUR). */
const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

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
        return reply.code(201).send({ data: presentShopperReceipt(row) });
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
        return { data: (await shopperReceipts(app.db, store.id, customerId)).map(presentShopperReceipt) };
      },
    );
  },
};
