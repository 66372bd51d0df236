/**
 * The api-clients module: a store's OAuth 2.0 client-credentials clients (the Custom App), their
 * secrets and scopes, the short-lived bearer tokens they obtain at POST /oauth/token and how a
 * request's token is authenticated, with the routes. Other modules import this file only; the
 * console reads `contract.ts` (zod only) through server/contract/api-clients.ts.
 */
export * from './service.ts';
export { apiClientRoutes } from './routes.ts';
export { oauthTokenRoutes } from './token-routes.ts';
