/**
 * The shop's token endpoint (`/admin/oauth/access_token`) with the app's credentials: the OAuth
 * code exchange, an expiring token's refresh, a non-expiring token cycled to an expiring one.
 */
import { PlatformUnauthorized } from '../adapter.ts';
import { shopOrigin, ShopifyUnavailable, TIMEOUT_MS, type ShopifyConfig } from './admin-api.ts';

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
