import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config.ts';
import { ShopifyStandIn } from './standin.ts';

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

/** A token as the app gets one without the app's callback: Shopify's authorize, then the code exchanged. */
export async function grantToken(standIn: ShopifyStandIn, shop: string, scope: string): Promise<string> {
  const authorize = `${standIn.origin}/admin/oauth/authorize?${new URLSearchParams({ client_id: API_KEY, shop, scope, redirect_uri: `${PUBLIC_URL}/cb`, state: 's' })}`;
  const code = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location'))).searchParams.get('code')!;
  const response = await fetch(`${standIn.origin}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: API_KEY, client_secret: API_SECRET, code }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
