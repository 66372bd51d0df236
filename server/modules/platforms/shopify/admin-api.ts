/**
 * Calls to a shop's Admin API: the token endpoint (the OAuth code exchange, an expiring token's
 * refresh, a non-expiring token cycled to an expiring one), and GraphQL through Shopify's own client
 * (@shopify/admin-api-client: the address, headers and version check, retries of a 429 or 503 and
 * of a request that got no answer). SHOPIFY_API_ORIGIN, when set, stands for https://<shop> in every
 * call (the stand-in in tests). A query spends its cost from
 * the store's call budget before it is sent and tells the budget what the bucket holds after it
 * (call-budget.ts), so the shop's cost bucket is not overdrawn; a throttled query all the same
 * answers PlatformThrottled with the wait the bucket needs; a refused token PlatformUnauthorized.
 */
import { createAdminApiClient, type AdminApiClient, type ClientResponse } from '@shopify/admin-api-client';
import type { PlatformsConfig } from '../../../config.ts';
import { PlatformThrottled, PlatformUnauthorized } from '../adapter.ts';
import type { CallBudget, Spent } from '../call-budget.ts';

/** The Admin API version the app is written against (Shopify supports each for a year). */
export const API_VERSION = '2026-10';
const TIMEOUT_MS = 15_000;
/** A request that got no answer, a 429 or a 503 is sent again this many times before the job engine's own retries. */
const RETRIES = 2;

export type ShopifyConfig = NonNullable<PlatformsConfig['shopify']>;

/** Where the shop's admin answers: https://<shop>, or SHOPIFY_API_ORIGIN. */
export const shopOrigin = (config: ShopifyConfig, shop: string) => config.apiOrigin ?? `https://${shop}`;

/** A call that failed in a way worth retrying later (network, 5xx): the message says which. */
export class ShopifyUnavailable extends Error {}

/**
 * An offline access token as Shopify's token endpoint grants it. An expiring one (asked with
 * `expiring=1`) lasts `expires_in` seconds and comes with the refresh token that renews it, itself
 * good for `refresh_token_expires_in` seconds:
 * https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/offline-access-tokens
 */
export interface GrantedToken {
  accessToken: string;
  scope: string;
  /** null: a non-expiring token (Shopify's answer had no expiry and no refresh token) */
  expiry: { expiresAt: Date; refreshToken: string; refreshTokenExpiresAt: Date | null } | null;
}

/** The token-exchange grant's names for an offline access token (RFC 8693 as Shopify uses it). */
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const OFFLINE_ACCESS_TOKEN = 'urn:shopify:params:oauth:token-type:offline-access-token';

/**
 * One request to the shop's token endpoint with the app's credentials. No answer, a 429 or a 5xx
 * is ShopifyUnavailable (try again later); any other refusal answers its status.
 */
async function tokenRequest(
  config: ShopifyConfig,
  shop: string,
  grant: Record<string, string>,
  now: Date,
): Promise<{ granted: GrantedToken } | { refused: number }> {
  let response: Response;
  try {
    response = await fetch(`${shopOrigin(config, shop)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: config.apiKey, client_secret: config.apiSecret, ...grant }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ShopifyUnavailable(`Shopify did not answer: ${(error as Error).message}.`);
  }
  if (response.status === 429 || response.status >= 500) throw new ShopifyUnavailable(`Shopify answered ${response.status}.`);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') return { refused: response.status };
  const seconds = (value: unknown) => (typeof value === 'number' && value > 0 ? new Date(now.getTime() + value * 1000) : null);
  const expiresAt = seconds(body.expires_in);
  return {
    granted: {
      accessToken: body.access_token,
      scope: typeof body.scope === 'string' ? body.scope : '',
      expiry:
        expiresAt && typeof body.refresh_token === 'string'
          ? { expiresAt, refreshToken: body.refresh_token, refreshTokenExpiresAt: seconds(body.refresh_token_expires_in) }
          : null,
    },
  };
}

/** Exchanges the callback's one-time code for the shop's offline access token, an expiring one. */
export async function exchangeCode(config: ShopifyConfig, shop: string, code: string, now: Date): Promise<GrantedToken> {
  const answer = await tokenRequest(config, shop, { code, expiring: '1' }, now);
  if ('refused' in answer) throw new ShopifyUnavailable(`Shopify refused the authorization code (${answer.refused}).`);
  return answer.granted;
}

/**
 * Renews an expiring offline access token with its refresh token (`grant_type=refresh_token`):
 * Shopify answers a new access token and a new refresh token. A refusal (the refresh token was
 * revoked or has expired) is PlatformUnauthorized: the merchant must reconnect.
 */
export async function refreshAccessToken(config: ShopifyConfig, shop: string, refreshToken: string, now: Date): Promise<GrantedToken> {
  const answer = await tokenRequest(config, shop, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
  if ('refused' in answer) throw new PlatformUnauthorized();
  return answer.granted;
}

/**
 * Cycles a non-expiring offline access token to an expiring one with token exchange, without the
 * merchant: the old token is the subject, an expiring offline token is asked for. A refusal is
 * PlatformUnauthorized (the old token no longer works: the merchant must reconnect).
 */
export async function migrateToExpiringToken(config: ShopifyConfig, shop: string, token: string, now: Date): Promise<GrantedToken> {
  const grant = {
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: token,
    subject_token_type: OFFLINE_ACCESS_TOKEN,
    requested_token_type: OFFLINE_ACCESS_TOKEN,
    expiring: '1',
  };
  const answer = await tokenRequest(config, shop, grant, now);
  if ('refused' in answer) throw new PlatformUnauthorized();
  return answer.granted;
}

type Extensions = ClientResponse['extensions'];

/**
 * What each query asked of the bucket when it last ran (Shopify: running a query is the best way to
 * know its cost); a query not run yet is counted as a mutation's base cost, and the bucket's status
 * in its answer corrects the budget when it cost more.
 */
const requestedCost = new Map<string, number>();
const UNKNOWN_COST = 10;

/** Notes what the answer says the query cost, and settles the call with the bucket's figures (none when there was no answer). */
async function learn(budget: CallBudget | undefined, spent: Spent, query: string, extensions: Extensions): Promise<void> {
  const cost = extensions?.cost;
  if (cost?.requestedQueryCost !== undefined) requestedCost.set(query, cost.requestedQueryCost);
  const status = cost?.throttleStatus;
  const known = status?.currentlyAvailable !== undefined && status.maximumAvailable !== undefined && status.restoreRate !== undefined;
  await budget?.settle(spent, known ? { available: status.currentlyAvailable!, maximum: status.maximumAvailable!, restoreRate: status.restoreRate! } : null);
}

/** The wait before a throttled query can run: the points missing from the bucket at its restore rate. */
function throttleWait(extensions: Extensions): number {
  const cost = extensions?.cost;
  const status = cost?.throttleStatus;
  if (!cost?.requestedQueryCost || !status?.restoreRate) return 1000;
  const missing = Math.max(0, cost.requestedQueryCost - (status.currentlyAvailable ?? 0));
  return Math.max(1000, Math.ceil(missing / status.restoreRate) * 1000);
}

/** Said once a process: the Admin API version is past its support, or a field the app uses is deprecated. */
const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

function clientFor(config: ShopifyConfig, shop: string, token: string): AdminApiClient {
  const shopUrl = `https://${shop}`;
  return createAdminApiClient({
    storeDomain: shop,
    apiVersion: API_VERSION,
    accessToken: token,
    retries: RETRIES,
    customFetchApi: (url, init) =>
      fetch(config.apiOrigin && url.startsWith(shopUrl) ? config.apiOrigin + url.slice(shopUrl.length) : url, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    logger: (log) => {
      if (log.type === 'Unsupported_Api_Version')
        warnOnce(`Shopify Admin API ${API_VERSION} is no longer supported: move to one of ${log.content.supportedApiVersions.join(', ')}.`);
      if (log.type === 'HTTP-Response-GraphQL-Deprecation-Notice') warnOnce(`Shopify Admin API: ${log.content.deprecationNotice}`);
    },
  });
}

/** One Admin GraphQL operation for the shop; answers its `data`. */
export async function adminGraphql<T>(
  config: ShopifyConfig,
  connection: { shop: string; token: string; budget?: CallBudget },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const spent = (await connection.budget?.spend(requestedCost.get(query) ?? UNKNOWN_COST)) ?? '0';
  let answer: ClientResponse<T> | undefined;
  try {
    answer = await clientFor(config, connection.shop, connection.token).request<T>(query, { variables });
  } finally {
    await learn(connection.budget, spent, query, answer?.extensions);
  }
  const { data, errors, extensions } = answer;
  const status = errors?.networkStatusCode;
  if (status === 401 || status === 403) throw new PlatformUnauthorized();
  if (status === 429) throw new PlatformThrottled(Math.max(1000, Number(errors?.response?.headers.get('retry-after') ?? '2') * 1000));
  if (errors && !status) throw new ShopifyUnavailable(`Shopify did not answer: ${errors.message}`);
  if (status && (status < 200 || status >= 300)) throw new ShopifyUnavailable(`Shopify answered ${status}.`);
  // Shopify answers some refusals (a bad token's) as one string rather than a list
  const graphqlErrors: Array<{ message: string; extensions?: { code?: string } }> =
    typeof errors?.graphQLErrors === 'string' ? [{ message: errors.graphQLErrors }] : (errors?.graphQLErrors ?? []);
  if (graphqlErrors.some((error) => error.extensions?.code === 'THROTTLED')) throw new PlatformThrottled(throttleWait(extensions));
  if (graphqlErrors.length > 0 || !data) {
    throw new Error(`Shopify refused the query: ${graphqlErrors.map((error) => error.message).join('; ') || errors?.message}`);
  }
  return data;
}
