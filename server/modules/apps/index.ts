/**
 * The apps module: the store-platform integrations the product verifies and processes — which
 * apps a store connected, where their webhooks go and how they are signed, the webhook events
 * received with their retry, and the routes. Other modules import this file only; the console reads
 * `contract.ts` (zod only) through server/contract/apps.ts.
 */
export * from './service.ts';
export { appRoutes, dataAppRoutes } from './routes.ts';
