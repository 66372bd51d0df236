/** API clients: the store's OAuth 2.0 client-credentials clients, their scopes and the bearer tokens they obtain. */
export { createApiClient, listApiClients, revokeApiClient, updateApiClient, type ClientInput, type ClientListQuery } from './clients.ts';
export { API_SCOPES, SCOPE_DESCRIPTIONS, apiScope, apiScopes, parseScopeParameter, type ApiScope } from '../../domain/schemas/api-scopes.ts';
export { TokenRequestError, authenticateClientToken, isClientToken, issueClientToken, type ClientAuthentication, type IssuedToken } from './tokens.ts';
export type { ApiClient } from './tables.ts';
