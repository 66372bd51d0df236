/**
 * Calls to a shop's Admin API: the OAuth code exchange and GraphQL. SHOPIFY_API_ORIGIN, when set,
 * stands for https://<shop> in every call (the stand-in in tests). A query spends its cost from
 * the store's call budget before it is sent and tells the budget what the bucket holds after it
 * (call-budget.ts), so the shop's cost bucket is not overdrawn; a throttled query all the same
 * answers PlatformThrottled with the wait the bucket needs; a refused token PlatformUnauthorized.
 */
import type { PlatformsConfig } from '../../../config.ts';
import { PlatformThrottled, PlatformUnauthorized } from '../adapter.ts';
import type { CallBudget } from '../call-budget.ts';

/** The Admin API version the app is written against (Shopify supports each for a year). */
export const API_VERSION = '2026-10';
const TIMEOUT_MS = 15_000;

export type ShopifyConfig = NonNullable<PlatformsConfig['shopify']>;

/** Where the shop's admin answers: https://<shop>, or SHOPIFY_API_ORIGIN. */
export const shopOrigin = (config: ShopifyConfig, shop: string) => config.apiOrigin ?? `https://${shop}`;

/** A call that failed in a way worth retrying later (network, 5xx): the message says which. */
export class ShopifyUnavailable extends Error {}

/** Exchanges the callback's one-time code for the shop's offline access token. */
export async function exchangeCode(config: ShopifyConfig, shop: string, code: string): Promise<{ accessToken: string; scope: string }> {
  const response = await fetch(`${shopOrigin(config, shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_id: config.apiKey, client_secret: config.apiSecret, code }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; scope?: unknown };
  if (!response.ok || typeof body.access_token !== 'string') throw new ShopifyUnavailable(`Shopify refused the authorization code (${response.status}).`);
  return { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : '' };
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }> | string;
  extensions?: {
    cost?: { requestedQueryCost?: number; throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } };
  };
}

/**
 * What each query asked of the bucket when it last ran (Shopify: running a query is the best way to
 * know its cost); a query not run yet is counted as a mutation's base cost, and the bucket's status
 * in its answer corrects the budget when it cost more.
 */
const requestedCost = new Map<string, number>();
const UNKNOWN_COST = 10;

/** Notes what the answer says the query cost and the bucket holds. */
async function learn(budget: CallBudget | undefined, query: string, answer: GraphqlAnswer<unknown>): Promise<void> {
  const cost = answer.extensions?.cost;
  if (cost?.requestedQueryCost !== undefined) requestedCost.set(query, cost.requestedQueryCost);
  const status = cost?.throttleStatus;
  if (budget && status) await budget.observe({ available: status.currentlyAvailable, maximum: status.maximumAvailable, restoreRate: status.restoreRate });
}

/** The wait before a throttled query can run: the points missing from the bucket at its restore rate. */
function throttleWait(answer: GraphqlAnswer<unknown>): number {
  const cost = answer.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!cost?.requestedQueryCost || !status?.restoreRate) return 1000;
  const missing = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
  return Math.max(1000, Math.ceil(missing / status.restoreRate) * 1000);
}

/** One Admin GraphQL operation for the shop; answers its `data`. */
export async function adminGraphql<T>(
  config: ShopifyConfig,
  connection: { shop: string; token: string; budget?: CallBudget },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  await connection.budget?.spend(requestedCost.get(query) ?? UNKNOWN_COST);
  let response: Response;
  try {
    response = await fetch(`${shopOrigin(config, connection.shop)}/admin/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': connection.token },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ShopifyUnavailable(`Shopify did not answer: ${(error as Error).message}`);
  }
  if (response.status === 401 || response.status === 403) throw new PlatformUnauthorized();
  if (response.status === 429) throw new PlatformThrottled(Math.max(1000, Number(response.headers.get('retry-after') ?? '2') * 1000));
  if (!response.ok) throw new ShopifyUnavailable(`Shopify answered ${response.status}.`);
  const answer = (await response.json()) as GraphqlAnswer<T>;
  await learn(connection.budget, query, answer);
  const errors = typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
  if (errors.some((error) => error.extensions?.code === 'THROTTLED')) throw new PlatformThrottled(throttleWait(answer));
  if (errors.length > 0 || !answer.data) throw new Error(`Shopify refused the query: ${errors.map((error) => error.message).join('; ')}`);
  return answer.data;
}
