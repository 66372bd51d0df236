/**
 * The app proxy: Shopify forwards https://<shop>/apps/loyalty/… here with its `signature` over
 * the query (shop, logged_in_customer_id, path_prefix, timestamp). A signed, recent request is
 * answered by the storefront API of the shop's store, for the shopper Shopify says is logged in:
 * the member is `logged_in_customer_id`, never an id the page sent. An uninstalled shop answers
 * as an unknown store.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { customerDigest } from '../../../auth/shopper-digest.ts';
import { ApiError, notFound } from '../../../http/errors.ts';
import { storeOfShop } from '../connections.ts';
import { proxySignatureValid, SHOP_DOMAIN } from './signatures.ts';

/** A proxied request is made the moment the shopper's browser asks: older than this is a replay. */
export const PROXY_MAX_AGE_S = 5 * 60;
const PROXY_PARAMS = ['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature'];

type Query = Record<string, string | string[] | undefined>;

/** The shopper as Shopify vouches for them, with the digest the storefront API checks; the page's own ids dropped. */
function asShopper(values: Record<string, unknown>, customerId: string, secret: string | null): Record<string, unknown> {
  const { customer_id: _id, digest: _digest, ...rest } = values;
  return customerId && secret ? { ...rest, customer_id: customerId, digest: customerDigest(secret, customerId) } : rest;
}

export const proxyRoutes: FastifyPluginAsync = async (app) => {
  const answer = async (request: FastifyRequest) => {
    const secret = app.config.platforms.shopify?.apiSecret;
    const query = request.query as Query;
    if (!secret || !proxySignatureValid(secret, query)) throw new ApiError(401, 'This request is not signed by Shopify.', 'invalid_signature');
    const timestamp = Number(query.timestamp);
    if (!Number.isFinite(timestamp) || Math.abs(app.clock.now().getTime() / 1000 - timestamp) > PROXY_MAX_AGE_S) {
      throw new ApiError(401, 'This request is too old: reload the page.', 'stale_signature');
    }
    const shop = typeof query.shop === 'string' ? query.shop.toLowerCase() : '';
    const link = SHOP_DOMAIN.test(shop) ? await storeOfShop(app.db, 'shopify', shop) : null;
    if (!link || link.status === 'uninstalled') throw notFound('Store');
    const store = await app.db.selectFrom('stores').select(['store_name', 'hmac_secret']).where('id', '=', link.storeId).executeTakeFirst();
    if (!store) throw notFound('Store');
    const customerId = typeof query.logged_in_customer_id === 'string' ? query.logged_in_customer_id : '';
    const rest = (request.params as { '*': string })['*'];
    // the theme's app embed asks who the shopper is: the store key, and the signed-in customer with their digest
    if (rest === 'shopper') {
      const signed =
        customerId && store.hmac_secret
          ? { customer_id: customerId, digest: customerDigest(store.hmac_secret, customerId) }
          : { customer_id: null, digest: null };
      return { status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify({ data: { store: store.store_name, ...signed } }) };
    }
    const own = Object.fromEntries(Object.entries(query).filter(([key]) => !PROXY_PARAMS.includes(key)));
    const search = new URLSearchParams(asShopper(own, customerId, store.hmac_secret) as Record<string, string>);
    const body =
      request.body && typeof request.body === 'object' ? asShopper(request.body as Record<string, unknown>, customerId, store.hmac_secret) : undefined;
    const idempotencyKey = request.headers['idempotency-key'];
    const inner = await app.inject({
      method: request.method as 'GET' | 'POST',
      url: `/storefront/v1/${encodeURIComponent(store.store_name)}/${rest}${search.size > 0 ? `?${search}` : ''}`,
      headers: typeof idempotencyKey === 'string' ? { 'idempotency-key': idempotencyKey } : {},
      ...(body ? { payload: body } : {}),
    });
    return { status: inner.statusCode, type: String(inner.headers['content-type'] ?? 'application/json'), body: inner.body };
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const inner = await answer(request);
        return reply.code(inner.status).type(inner.type).send(inner.body);
      },
    });
  }
};
