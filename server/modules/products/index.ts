/**
 * The products module: the store's catalogue (products, variants, collections), filled by imports,
 * the demo seed and the platforms' product webhooks, read by the rule pickers and by the orders for
 * an order line's tags and collections, and the catalogue list routes. Other modules import this
 * file only; the console reads `contract.ts` (zod only) through server/contract/products.ts.
 */
export * from './service.ts';
export { productRoutes } from './routes.ts';
