/**
 * The storefront module: what shoppers meet on the store — the embed's bootstrap and the shopper
 * API (signed by the customer digest), the landing page, the demo storefront, receipts a shopper
 * uploads — and the on-site display studio that edits what the embed draws (its
 * drafts, versions, publish schedules, preview links and editing presence). Other modules import
 * this file only; the console reads `contract/` (zod only) through server/contract/onsite-display.ts,
 * publish-schedules.ts, preview-links.ts and editing-presence.ts.
 */
export * from './service.ts';
export { storefrontApiRoutes } from './routes.ts';
export { embedRoutes } from './embed-routes.ts';
export { landingRoutes } from './landing-routes.ts';
export { onsiteDisplayRoutes } from './onsite-display-routes.ts';
export { storefrontReceiptRoutes } from './receipt-routes.ts';
