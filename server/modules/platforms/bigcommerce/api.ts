/**
 * Calls to a BigCommerce store's API (`{api}/stores/{hash}/v2|v3/…` with `X-Auth-Token`), and
 * what its answers mean to the product:
 * - 429: the store's request budget is spent; `X-Rate-Limit-Time-Reset-Ms` says when it refills
 *   (https://developer.bigcommerce.com/docs/start/best-practices/api-rate-limits) → PlatformThrottled
 * - 401: the token was revoked (an uninstall) → PlatformUnauthorized
 * - another 4xx: a refusal retrying will not change → PlatformRefused, in BigCommerce's words
 * - 5xx and network errors: thrown as they are (the job engine retries)
 * The token is sent in the header only; it is never logged nor put in an error.
 */
import { PlatformRefused, PlatformThrottled, PlatformUnauthorized } from '../adapter.ts';
import type { Connection } from '../connections.ts';

export interface StoreAccess {
  /** BigCommerce's API origin (BIGCOMMERCE_API_URL; tests point it at the stand-in) */
  apiUrl: string;
  storeHash: string;
  token: string;
}

/** A refusal with BigCommerce's status (a 404 on a deactivation means the coupon is already gone). */
export class BigCommerceRefused extends PlatformRefused {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The access of a connection (a BigCommerce connection's shop is its store hash). */
export const accessOf = (apiUrl: string, connection: Pick<Connection, 'shop' | 'token'>): StoreAccess => ({
  apiUrl,
  storeHash: connection.shop,
  token: connection.token,
});

/** How long to wait when a 429 gives no reset time (BigCommerce's windows are seconds long). */
const DEFAULT_THROTTLE_MS = 30_000;

/** BigCommerce's explanation of a refusal: v2 answers `[{ status, message }]`, v3 `{ title, errors }`. */
function refusalMessage(body: unknown, status: number): string {
  if (Array.isArray(body)) {
    const messages = body.map((item) => (item as { message?: unknown }).message).filter((message) => typeof message === 'string');
    if (messages.length > 0) return messages.join(' ');
  }
  if (body && typeof body === 'object') {
    const { title, errors } = body as { title?: unknown; errors?: Record<string, unknown> };
    const details = errors ? Object.entries(errors).map(([field, message]) => `${field}: ${String(message)}`) : [];
    if (typeof title === 'string') return [title, ...details].join(' ');
  }
  return `BigCommerce refused the request (${status}).`;
}

/** One API call; answers the parsed body (null for `204 No Content`, which v2 answers for an empty list). */
export async function bigcommerceRequest<T>(access: StoreAccess, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T | null> {
  const url = `${access.apiUrl.replace(/\/$/, '')}/stores/${encodeURIComponent(access.storeHash)}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      'x-auth-token': access.token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 204) return null;
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (response.ok) return parsed as T;
  if (response.status === 429) {
    const reset = Number(response.headers.get('x-rate-limit-time-reset-ms'));
    throw new PlatformThrottled(Number.isFinite(reset) && reset > 0 ? reset : DEFAULT_THROTTLE_MS);
  }
  if (response.status === 401) throw new PlatformUnauthorized();
  if (response.status >= 400 && response.status < 500) throw new BigCommerceRefused(refusalMessage(parsed, response.status), response.status);
  throw new Error(`BigCommerce answered ${response.status} to ${method} ${path}.`);
}

/** Every item of a paged v3 list (`?page=&limit=`, `meta.pagination.total_pages`). */
export async function bigcommerceList<T>(access: StoreAccess, path: string, limit = 250): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await bigcommerceRequest<{ data: T[]; meta?: { pagination?: { total_pages?: number } } }>(
      access,
      'GET',
      `${path}${separator}page=${page}&limit=${limit}`,
    );
    items.push(...(answer?.data ?? []));
    if (!answer || page >= (answer.meta?.pagination?.total_pages ?? 1)) return items;
  }
}
