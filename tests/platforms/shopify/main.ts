/**
 * Starts the Shopify stand-in on its own (the browser tests' servers start it):
 *   SHOPIFY_STANDIN_PORT, SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_STANDIN_APP_URL
 */
import { ShopifyStandIn } from './standin.ts';

const standIn = new ShopifyStandIn({
  apiKey: process.env.SHOPIFY_API_KEY ?? 'test-api-key',
  apiSecret: process.env.SHOPIFY_API_SECRET ?? 'test-api-secret',
  appUrl: process.env.SHOPIFY_STANDIN_APP_URL ?? 'http://localhost:4173',
  port: Number(process.env.SHOPIFY_STANDIN_PORT ?? 0),
});
console.log(`Shopify stand-in on ${await standIn.start()}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void standIn.stop().then(() => process.exit(0)));
