import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseJsonKeepingIds } from '../../server/modules/orders/index.ts';

/** A webhook sample of tests/fixtures/webhooks (long platform ids kept exact as strings). */
export const webhookSample = (path: string) =>
  parseJsonKeepingIds(readFileSync(new URL(`../fixtures/webhooks/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** The JSON Shopify sends: long ids back as bare numbers. */
export const shopifyWire = (payload: unknown) => JSON.stringify(payload).replace(/("(?:\w*_)?id"\s*:\s*)"(-?\d{16,})"/g, '$1$2');

/** Delivers one signed Shopify webhook to the app. */
export function sendShopify(app: FastifyInstance, options: { secret: string; shopDomain: string; topic: string; payload: unknown; eventId: string }) {
  const raw = shopifyWire(options.payload);
  return app.inject({
    method: 'POST',
    url: '/webhooks/shopify',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': options.topic,
      'x-shopify-shop-domain': options.shopDomain,
      'x-shopify-event-id': options.eventId,
      'x-shopify-hmac-sha256': createHmac('sha256', options.secret).update(raw).digest('base64'),
    },
  });
}
