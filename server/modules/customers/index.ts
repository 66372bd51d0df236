/**
 * The customers module: the customer list, profiles and search, tags, points adjustments and
 * rewards on the data host, receipts and their review (a shopper uploads them through the
 * storefront), award campaigns, imports and exports, the platforms' customer webhooks and sync,
 * and the platforms' requests for a customer's data with the file answering each, with the routes. Other modules import this file only; the console
 * reads `contract/` (zod only) through server/contract/customers.ts.
 */
export * from './service.ts';
export { customerRoutes } from './routes.ts';
export { customerExportRoutes } from './export-routes.ts';
export { customerImportRoutes, customerInviteRoutes } from './import-routes.ts';
export { customerDataRequestRoutes } from './data-request-routes.ts';
export { customerPointsRoutes } from './points-routes.ts';
export { customerTagRoutes } from './tag-routes.ts';
export { customerTransactionRoutes } from './transaction-routes.ts';
export { awardPreviewRoutes, awardRoutes } from './award-routes.ts';
export { dataSearchRoutes, searchRoutes } from './search-routes.ts';
export { asReceiptError, presentShopperReceipt, receiptRoutes } from './receipt-routes.ts';
