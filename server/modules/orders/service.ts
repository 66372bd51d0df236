/**
 * Orders: order events in one neutral shape (each platform's translated by the platforms module), merged per order and applied once —
 * earning, refunds and cancellations through the ledger, then the areas that follow an order
 * (rules, referrals, tiers, emails) — and order and product imports.
 */
export { customerEmail, resolveCustomers } from './customers.ts';
export { createImport, findImport, listImports, orderImportJob, presentImport, runImport } from './import-jobs.ts';
export { parseCsv } from './import.ts';
export { neutralEvent } from './neutral.ts';
export { parseJsonKeepingIds } from './platform-json.ts';
export { applyOrderEvents } from './process.ts';
export { readOrderStatusSettings, saveOrderStatusSettings } from './order-statuses.ts';
export { refundedMinor } from './refunds.ts';
export type { WebhookEvent } from './tables.ts';
