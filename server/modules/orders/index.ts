/**
 * The orders module: orders in one neutral shape (server/domain/schemas/normalized-order.ts) — the
 * neutral webhook's read here, Shopify's and BigCommerce's translated by the platforms module —,
 * applied once each through the ledger, handed to the areas that follow an order, the order status
 * settings, and the order and product imports with their routes. Other modules
 * import this file only; the console may read `contract.ts` (zod only) through
 * server/contract/webhooks.ts and server/contract/products.ts.
 */
export * from './service.ts';
export { orderImportRoutes } from './import-routes.ts';
export { orderSettingsRoutes } from './order-settings-routes.ts';
export { productImportRoutes } from './product-import-routes.ts';
