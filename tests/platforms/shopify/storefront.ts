/**
 * The stand-in's online store, as a shopper's browser meets a Shopify shop: a page with the theme
 * app extension's embed (extensions/loyalty-embed, its script as the theme renders it), the app
 * proxy (/apps/loyalty/… forwarded to the app with Shopify's signature and the logged-in customer),
 * the discount link (/discount/<code>?redirect=… puts the code on the cart and redirects) and the
 * cart that shows it. Which shop and which customer the browser is signed in as live in cookies,
 * set by /_test/storefront-login (Shopify knows them from the storefront session).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { signProxyQuery } from './standin.ts';

const PROXY_PREFIX = '/apps/loyalty';
const EMBED_BLOCK = join(import.meta.dirname, '../../../extensions/loyalty-embed/blocks/loyalty-embed.liquid');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function cookiesOf(request: IncomingMessage): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name) cookies[name] = decodeURIComponent(value.join('='));
  }
  return cookies;
}

/** The app embed's script as the theme renders the block: its settings filled in. */
function embedScript(appUrl: string): string {
  const block = readFileSync(EMBED_BLOCK, 'utf8');
  const script = /<script>[\s\S]*?<\/script>/.exec(block)![0];
  return script
    .replace('{{ block.settings.app_url | json }}', JSON.stringify(appUrl))
    .replace('{{ block.settings.proxy_path | json }}', JSON.stringify(PROXY_PREFIX));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

export interface StorefrontContext {
  appUrl: string;
  apiSecret: string;
  seconds(): string;
  shopName(domain: string): string;
}

/** What Shopify passes on to the app proxy of the shopper's request headers (not their cookies). */
function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'accept', 'idempotency-key']) if (typeof request.headers[name] === 'string') headers[name] = request.headers[name];
  return headers;
}

async function rawBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers the storefront's paths; false for any other path. */
export async function answerStorefront(context: StorefrontContext, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const cookies = cookiesOf(request);
  const shop = cookies.storefront_shop ?? '';
  const customerId = cookies.storefront_customer ?? '';
  const html = (status: number, body: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  if (request.method === 'GET' && url.pathname === '/_test/storefront-login') {
    const cookie = (name: string, value: string) => `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax`;
    response
      .writeHead(302, {
        location: url.searchParams.get('return_to') ?? '/',
        'set-cookie': [cookie('storefront_shop', url.searchParams.get('shop') ?? ''), cookie('storefront_customer', url.searchParams.get('customer_id') ?? '')],
      })
      .end();
    return true;
  }
  if (request.method === 'GET' && url.pathname === '/') {
    const who = customerId ? `<p>Signed in as customer ${escapeHtml(customerId)}</p>` : '<p>Not signed in</p>';
    html(200, page(context.shopName(shop), `<h1>${escapeHtml(context.shopName(shop))}</h1>${who}<a href="/cart">Cart</a>${embedScript(context.appUrl)}`));
    return true;
  }
  if (request.method === 'GET' && url.pathname === '/cart') {
    const code = cookies.discount_code;
    const applied = code ? `<p role="status">Discount code applied: <strong>${escapeHtml(code)}</strong></p>` : '<p role="status">No discount code</p>';
    html(200, page(`Your cart – ${context.shopName(shop)}`, `<h1>Your cart</h1>${applied}`));
    return true;
  }
  const discount = /^\/discount\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'GET' && discount) {
    // Shopify keeps the code for the checkout and sends the shopper on to `redirect` (a path of the shop)
    const redirect = url.searchParams.get('redirect') ?? '/';
    const code = decodeURIComponent(discount[1]!);
    response
      .writeHead(302, {
        location: redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/',
        'set-cookie': `discount_code=${encodeURIComponent(code)}; Path=/; SameSite=Lax`,
      })
      .end();
    return true;
  }
  if (url.pathname === PROXY_PREFIX || url.pathname.startsWith(`${PROXY_PREFIX}/`)) {
    // the app proxy: the shopper's query, plus what Shopify adds and signs; never the shop's cookies
    const params: Record<string, string> = {};
    for (const [key, value] of url.searchParams)
      if (!['shop', 'logged_in_customer_id', 'path_prefix', 'timestamp', 'signature'].includes(key)) params[key] = value;
    Object.assign(params, { shop, logged_in_customer_id: customerId, path_prefix: PROXY_PREFIX, timestamp: context.seconds() });
    const query = new URLSearchParams({ ...params, signature: signProxyQuery(context.apiSecret, params) });
    const body = request.method === 'POST' ? new Uint8Array(await rawBody(request)) : undefined;
    const forwarded = await fetch(`${context.appUrl}/platforms/shopify/proxy${url.pathname.slice(PROXY_PREFIX.length)}?${query}`, {
      method: request.method ?? 'GET',
      headers: forwardedHeaders(request),
      ...(body ? { body } : {}),
    });
    response
      .writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' })
      .end(Buffer.from(await forwarded.arrayBuffer()));
    return true;
  }
  return false;
}
