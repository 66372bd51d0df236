import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config.ts';
import { API_VERSION } from '../../../server/modules/platforms/shopify/admin-api.ts';
import { ShopifyStandIn } from './standin.ts';
import type { TokenAnswer } from './tokens.ts';

export const API_KEY = 'test-shopify-key';
export const API_SECRET = 'test-shopify-secret';
const TOKEN_KEY = 'a'.repeat(64);
const PUBLIC_URL = 'http://localhost:4000';

/** A started stand-in, and the config overrides that point the app at it (SHOPIFY_API_ORIGIN). */
export async function startStandIn(now: () => Date): Promise<{ standIn: ShopifyStandIn; config: Partial<Config> }> {
  const standIn = new ShopifyStandIn({ apiKey: API_KEY, apiSecret: API_SECRET, appUrl: PUBLIC_URL, now });
  const origin = await standIn.start();
  const platforms = {
    tokenKeys: [Buffer.from(TOKEN_KEY, 'hex')],
    shopify: { apiKey: API_KEY, apiSecret: API_SECRET, scopes: 'read_customers,read_orders,read_products,write_discounts', apiOrigin: origin },
    bigcommerce: null,
    bigcommerceApiUrl: 'https://api.bigcommerce.com',
  };
  return { standIn, config: { publicUrl: PUBLIC_URL, platforms } };
}

/** A path and query of an absolute address on the app. */
export const onApp = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The install request: the answer, its redirect and the state cookie it set. */
export async function startInstall(app: FastifyInstance, standIn: ShopifyStandIn, shop: string) {
  const response = await app.inject({ method: 'GET', url: onApp(standIn.installLink(shop)) });
  const cookie = String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  return { response, cookie, location: String(response.headers.location ?? '') };
}

/** Shopify's approval: the callback address it redirects the browser to. */
export async function approve(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  return String(response.headers.get('location'));
}

/** A whole install, as the merchant's browser makes it: the callback's answer. */
export async function install(app: FastifyInstance, standIn: ShopifyStandIn, shop: string) {
  const started = await startInstall(app, standIn, shop);
  const callback = await approve(started.location);
  return app.inject({ method: 'GET', url: onApp(callback), headers: { cookie: started.cookie } });
}

/** A token as the app gets one without the app's callback: Shopify's authorize, then the code exchanged (`expiring=1` when asked). */
export async function grantTokens(standIn: ShopifyStandIn, shop: string, scope: string, expiring = false): Promise<TokenAnswer> {
  const authorize = `${standIn.origin}/admin/oauth/authorize?${new URLSearchParams({ client_id: API_KEY, shop, scope, redirect_uri: `${PUBLIC_URL}/cb`, state: 's' })}`;
  const code = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location'))).searchParams.get('code')!;
  const response = await fetch(`${standIn.origin}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: API_KEY, client_secret: API_SECRET, code, ...(expiring ? { expiring: '1' } : {}) }),
  });
  return (await response.json()) as TokenAnswer;
}

/** The status the stand-in's Admin API answers a query made with this access token (200 when it works, 401 when not). */
export async function tokenStatus(standIn: ShopifyStandIn, token: string): Promise<number> {
  const response = await fetch(`${standIn.origin}/admin/api/${API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  });
  return response.status;
}

/** A non-expiring token, as apps got them before expiring ones. */
export async function grantToken(standIn: ShopifyStandIn, shop: string, scope: string): Promise<string> {
  return (await grantTokens(standIn, shop, scope)).access_token;
}
