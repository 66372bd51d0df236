/** API clients and the OAuth 2.0 token endpoint: the api-clients module's contract. */
export * from '../modules/api-clients/contract.ts';
