/**
 * The stores module: the tenant every other area hangs from — the user's stores and switching,
 * the store settings (brand colour, languages, the program's words for points, reminder days),
 * the HMAC secret and the sales channels, with their routes. It imports no other module, so any
 * module may use it (what must follow a new HMAC secret elsewhere is a hook the server registers,
 * hooks.ts); others import this file only, and the console reads `contract.ts` (zod only)
 * through server/contract/store.ts.
 */
export * from './service.ts';
export { storeRoutes } from './routes.ts';
