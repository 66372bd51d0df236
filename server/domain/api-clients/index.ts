export { createApiClient, listApiClients, revokeApiClient, updateApiClient, type ClientInput, type ClientListQuery } from './clients.ts';
export { API_SCOPES, SCOPE_DESCRIPTIONS, apiScope, apiScopes, parseScopeParameter, type ApiScope } from '../schemas/api-scopes.ts';
export { TokenRequestError, authenticateClientToken, isClientToken, issueClientToken, type ClientAuthentication, type IssuedToken } from './tokens.ts';
export type { ApiClient } from './tables.ts';
