/**
 * GraphQL calls to a shop's Admin API through Shopify's own client (@shopify/admin-api-client: the
 * address, headers and version check, retries of a 429 or 503 and of a request that got no answer);
 * the token endpoint is token-endpoint.ts. SHOPIFY_API_ORIGIN, when set, stands for https://<shop> in
 * every call (the stand-in in tests). A query spends its cost from the store's call budget before it
 * is sent and tells the budget what the bucket holds after it (call-budget.ts), so the shop's cost
 * bucket is not overdrawn; a throttled query all the same answers PlatformThrottled with the wait the
 * bucket needs; a refused token PlatformUnauthorized.
 */
import { createAdminApiClient, type AdminApiClient, type ClientResponse } from '@shopify/admin-api-client';
import type { PlatformsConfig } from '../../../config.ts';
import { PlatformThrottled, PlatformUnauthorized } from '../adapter.ts';
import type { BucketStatus, CallBudget, Spent } from '../call-budget.ts';

/** The Admin API version the app is written against (Shopify supports each for a year). */
export const API_VERSION = '2026-10';
export const TIMEOUT_MS = 15_000;
/** A request that got no answer, a 429 or a 503 is sent again this many times before the job engine's own retries. */
const RETRIES = 2;

export type ShopifyConfig = NonNullable<PlatformsConfig['shopify']>;

/** Where the shop's admin answers: https://<shop>, or SHOPIFY_API_ORIGIN. */
export const shopOrigin = (config: ShopifyConfig, shop: string) => config.apiOrigin ?? `https://${shop}`;

/** A call that failed in a way worth retrying later (network, 5xx): the message says which. */
export class ShopifyUnavailable extends Error {}

type Extensions = ClientResponse['extensions'];

/**
 * What each query asked of the bucket when it last ran (Shopify: running a query is the best way to
 * know its cost); a query not run yet is counted as a mutation's base cost, and the bucket's status
 * in its answer corrects the budget when it cost more.
 */
const requestedCost = new Map<string, number>();
const UNKNOWN_COST = 10;

/** The bucket's figures in an answer, when it gave them all. */
function bucketStatus(extensions: Extensions): BucketStatus | null {
  const { currentlyAvailable: available, maximumAvailable: maximum, restoreRate } = extensions?.cost?.throttleStatus ?? {};
  return available !== undefined && maximum !== undefined && restoreRate !== undefined ? { available, maximum, restoreRate } : null;
}

/** Notes what the answer says the query cost, and settles the call with the bucket's figures (none when there was no answer). */
async function learn(budget: CallBudget | undefined, spent: Spent, query: string, extensions: Extensions): Promise<void> {
  const requested = extensions?.cost?.requestedQueryCost;
  if (requested !== undefined) requestedCost.set(query, requested);
  await budget?.settle(spent, bucketStatus(extensions));
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
