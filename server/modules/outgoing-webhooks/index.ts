/**
 * The outgoing-webhooks module: the merchant's https endpoints that receive the program's own
 * events signed with the store's HMAC secret, the events queued for each from the ledger, referrals
 * and tiers, the delivery job with its retries, the delivery log and the address checks (SSRF), with
 * the routes. Other modules import this file only; the console reads `contract.ts` (zod only)
 * through server/contract/outgoing-webhooks.ts.
 */
export * from './service.ts';
export { outgoingWebhookRoutes } from './routes.ts';
