/**
 * Orders: each platform's order events in one neutral shape, merged per order and applied once —
 * earning, refunds and cancellations through the ledger, then the areas that follow an order
 * (rules, referrals, tiers, emails) — and order and product imports.
 */
export { bigcommerceEvent, bigcommerceWebhookSecret, fetchBigCommerceOrder, type BigCommerceOrder } from './bigcommerce.ts';
export { customerEmail, resolveCustomers } from './customers.ts';
export { createImport, findImport, listImports, orderImportJob, presentImport, runImport } from './import-jobs.ts';
export { parseCsv } from './import.ts';
export { neutralEvent } from './neutral.ts';
export { parseJsonKeepingIds } from './platform-json.ts';
export { applyOrderEvents, refreshOrderStatistics } from './process.ts';
export { refundedMinor } from './refunds.ts';
export { SHOPIFY_TOPICS, shopifyEvent } from './shopify.ts';
export type { WebhookEvent } from './tables.ts';
