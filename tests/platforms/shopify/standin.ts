/**
 * A stand-in for Shopify, for tests and the browser tests' servers: OAuth (authorize approves at
 * once, access_token with expiring tokens, their refresh and token exchange: tokens.ts), the Admin GraphQL API checked against the documented schema with its cost
 * bucket, and webhooks sent signed as Shopify signs them. Test hooks under /_test read and steer it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerGraphql } from './graphql.ts';
import { SCHEMA_VERSION } from './schema.ts';
import { answerStorefront } from './storefront.ts';
import { StandInShop, type StandInCustomer, type StandInOrder } from './shops.ts';
import { OFFLINE_ACCESS_TOKEN, StandInTokens, TOKEN_EXCHANGE_GRANT, type TokenAnswer } from './tokens.ts';

export interface StandInOptions {
  apiKey: string;
  apiSecret: string;
  /** the app's origin (PUBLIC_URL): install links and the compliance webhooks go there */
  appUrl: string;
  port?: number;
  /** the stand-in's clock (the signatures' timestamps): the app's clock in API tests */
  now?: () => Date;
}

/** Shopify's signature of a query: the sorted `key=value` pairs but `hmac`, joined by `&`, HMAC-SHA256 in hex. */
export function signQuery(secret: string, params: Record<string, string>): string {
  const message = Object.keys(params)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** An app proxy's signature: the sorted `key=value` pairs but `signature`, concatenated with nothing between. */
export function signProxyQuery(secret: string, params: Record<string, string>): string {
  const message = Object.keys(params)
    .filter((key) => key !== 'signature')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'];

export class ShopifyStandIn {
  readonly shops = new Map<string, StandInShop>();
  /** the offline access tokens and refresh tokens (tokens.ts), on the stand-in's clock */
  readonly tokens: StandInTokens;
  readonly #codes = new Map<string, { shop: string; scope: string }>();
  /** the shop whose admin the browser is in (Shopify knows it from the admin's session) */
  #currentShop: string | null = null;
  #server: Server | null = null;
  origin = '';

  constructor(readonly options: StandInOptions) {
    this.tokens = new StandInTokens(() => this.options.now?.() ?? new Date());
  }

  #seconds(): string {
    return String(Math.floor((this.options.now?.() ?? new Date()).getTime() / 1000));
  }

  shop(domain: string): StandInShop {
    let shop = this.shops.get(domain);
    if (!shop) {
      shop = new StandInShop(domain);
      // the shop's online store is served here (storefront.ts): its primary domain
      shop.storefrontUrl = this.origin;
      this.shops.set(domain, shop);
    }
    return shop;
  }

  /** The signed link Shopify opens when a merchant installs (or opens) the app from their admin. */
  installLink(domain: string, timestamp = this.#seconds()): string {
    this.shop(domain);
    this.#currentShop = domain;
    const params = { shop: domain, timestamp };
    return `${this.options.appUrl}/platforms/shopify/install?${new URLSearchParams({ ...params, hmac: signQuery(this.options.apiSecret, params) })}`;
  }

  /** A webhook of `topic` for `domain` as Shopify sends it: where to (its subscriptions; the app's endpoint for the privacy topics), signed. */
  webhook(domain: string, topic: string, payload: unknown): { uris: string[]; headers: Record<string, string>; body: string } {
    const enumTopic = topic.toUpperCase().replace('/', '_');
    const uris = COMPLIANCE_TOPICS.includes(topic)
      ? [`${this.options.appUrl}/platforms/shopify/webhooks`]
      : this.shop(domain)
          .subscriptions.filter((subscription) => subscription.topic === enumTopic)
          .map((subscription) => subscription.uri);
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': createHmac('sha256', this.options.apiSecret).update(body).digest('base64'),
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': domain,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-api-version': SCHEMA_VERSION,
    };
    return { uris, headers, body };
  }

  /** Sends `topic` for `domain` to every address that subscribed to it. */
  async sendWebhook(domain: string, topic: string, payload: unknown): Promise<Array<{ uri: string; status: number }>> {
    const { uris, headers, body } = this.webhook(domain, topic, payload);
    const deliveries = [];
    for (const uri of uris) deliveries.push({ uri, status: (await fetch(uri, { method: 'POST', headers, body })).status });
    return deliveries;
  }

  /** A proxied storefront request's query as Shopify forwards it, signed. */
  proxyQuery(domain: string, customerId: string, extra: Record<string, string> = {}, timestamp = this.#seconds()): string {
    const params = { ...extra, shop: domain, logged_in_customer_id: customerId, path_prefix: '/apps/loyalty', timestamp };
    return new URLSearchParams({ ...params, signature: signProxyQuery(this.options.apiSecret, params) }).toString();
  }

  /** A new customer account in the shop, with the customers/create webhook Shopify sends for it. */
  async createCustomer(domain: string, fields: Parameters<StandInShop['addCustomer']>[0]) {
    const customer = this.shop(domain).addCustomer(fields);
    const deliveries = await this.sendWebhook(domain, 'customers/create', restCustomer(customer));
    return { customer, deliveries };
  }

  /** An order placed and paid in the shop, with the orders/create and orders/paid webhooks Shopify sends for it. */
  async placeOrder(domain: string, customerId: number, fields: Parameters<StandInShop['addOrder']>[1]) {
    const shop = this.shop(domain);
    const customer = shop.customers.find((candidate) => candidate.id === customerId);
    if (!customer) throw new Error(`No customer ${customerId} in ${domain}`);
    const order = shop.addOrder(customer, fields);
    const payload = restOrder(order, customer);
    const deliveries = [...(await this.sendWebhook(domain, 'orders/create', payload)), ...(await this.sendWebhook(domain, 'orders/paid', payload))];
    return { order, deliveries };
  }

  /** Every token granted to the shop, access and refresh tokens, ended ones too (tests prove the app never shows them). */
  tokensOf(domain: string): string[] {
    return this.tokens.grantedTo(domain);
  }

  /** Makes every token of the shop unusable, refresh tokens too (the merchant revoked the app's access). */
  revokeTokens(domain: string): void {
    this.tokens.revoke(domain);
  }

  async start(): Promise<string> {
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => send(response, 500, { errors: String(error) }));
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const body = request.method === 'POST' && !url.pathname.startsWith('/apps/') ? await readBody(request) : {};
    if (request.method === 'GET' && url.pathname === '/admin/oauth/authorize') return this.#authorize(query, response);
    if (request.method === 'POST' && url.pathname === '/admin/oauth/access_token') return this.#accessToken(body, response);
    const graphqlVersion = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname)?.[1];
    if (request.method === 'POST' && graphqlVersion) {
      // the schema is the one documented for one version: a call for another would be checked against the wrong one
      if (graphqlVersion !== SCHEMA_VERSION)
        return send(response, 404, { errors: `The stand-in answers Admin API ${SCHEMA_VERSION} only, not ${graphqlVersion}.` });
      const shop = this.tokens.shopOf(String(request.headers['x-shopify-access-token'] ?? ''));
      if (!shop) return send(response, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      const outage = this.shop(shop).outage.shift();
      if (outage) return send(response, outage, { errors: 'Service Unavailable' });
      const answer = await answerGraphql(this.shop(shop), body, this.origin);
      const delay = this.shop(shop).answerDelayMs;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return send(response, 200, answer);
    }
    const storefront = {
      appUrl: this.options.appUrl,
      apiSecret: this.options.apiSecret,
      seconds: () => this.#seconds(),
      shopName: (domain: string) => (domain ? this.shop(domain).name : 'Shop'),
    };
    if (await answerStorefront(storefront, request, response, url)) return;
    const file = /^\/_bulk\/([^/]+)\/(\d+)\.jsonl$/.exec(url.pathname);
    if (request.method === 'GET' && file) {
      const operation = this.shop(decodeURIComponent(file[1]!)).bulkOperations.find((candidate) => candidate.id.endsWith(`/${file[2]}`));
      if (!operation || operation.status !== 'COMPLETED') return send(response, 404, { errors: 'Not Found' });
      response.writeHead(200, { 'content-type': 'application/jsonl' }).end(operation.file);
      return;
    }
    return this.#testHook(request.method ?? 'GET', url, query, body, response);
  }

  /** The token endpoint: the authorization code, a refresh token, or token exchange of a non-expiring token (tokens.ts). */
  #accessToken(body: Record<string, unknown>, response: ServerResponse): void {
    const grantType = String(body.grant_type ?? 'authorization_code');
    const code = grantType === 'authorization_code' ? this.#codes.get(String(body.code)) : undefined;
    const shop =
      code?.shop ??
      (grantType === 'refresh_token' ? this.tokens.shopOfRefresh(String(body.refresh_token)) : null) ??
      (grantType === TOKEN_EXCHANGE_GRANT ? this.tokens.shopOf(String(body.subject_token)) : null);
    const outage = shop && this.shop(shop).outage.shift();
    if (outage) return send(response, outage, { errors: 'Service Unavailable' });
    if (body.client_id !== this.options.apiKey || body.client_secret !== this.options.apiSecret) {
      return send(response, 400, { error: 'invalid_client', error_description: 'The client credentials are not valid' });
    }
    const expiring = String(body.expiring ?? '0') === '1';
    let answer: TokenAnswer | null = null;
    if (grantType === 'authorization_code' && code) {
      this.#codes.delete(String(body.code));
      answer = this.tokens.grant(code.shop, code.scope, expiring);
    } else if (grantType === 'refresh_token') {
      answer = this.tokens.refresh(String(body.refresh_token));
    } else if (
      grantType === TOKEN_EXCHANGE_GRANT &&
      body.subject_token_type === OFFLINE_ACCESS_TOKEN &&
      body.requested_token_type === OFFLINE_ACCESS_TOKEN &&
      expiring
    ) {
      answer = this.tokens.migrate(String(body.subject_token));
    }
    if (!answer) return send(response, 400, { error: 'invalid_grant', error_description: 'The grant is not valid, has expired or was revoked' });
    send(response, 200, answer);
  }

  #authorize(query: Record<string, string>, response: ServerResponse): void {
    const domain = query.shop ?? this.#currentShop;
    if (query.client_id !== this.options.apiKey || !domain || !query.redirect_uri) {
      return send(response, 400, { errors: 'Oauth error invalid_request: The client_id, redirect_uri or shop is not valid' });
    }
    const code = randomBytes(16).toString('hex');
    this.#codes.set(code, { shop: domain, scope: query.scope ?? '' });
    const params: Record<string, string> = { code, shop: domain, timestamp: this.#seconds() };
    if (query.state !== undefined) params.state = query.state;
    params.host = Buffer.from(`admin.shopify.com/store/${domain.replace(/\.myshopify\.com$/, '')}`).toString('base64url');
    const target = `${query.redirect_uri}?${new URLSearchParams({ ...params, hmac: signQuery(this.options.apiSecret, params) })}`;
    response.writeHead(302, { location: target }).end();
  }

  async #testHook(method: string, url: URL, query: Record<string, string>, body: Record<string, unknown>, response: ServerResponse): Promise<void> {
    const domain = String(query.shop ?? body.shop ?? '');
    if (method === 'GET' && url.pathname === '/_test/install-link') return send(response, 200, { url: this.installLink(domain) });
    if (method === 'GET' && url.pathname === '/_test/discounts') {
      return send(response, 200, { discounts: this.shop(domain).discounts.map(({ id, kind, code, status, input }) => ({ id, kind, code, status, input })) });
    }
    if (method === 'GET' && url.pathname === '/_test/subscriptions') return send(response, 200, { subscriptions: this.shop(domain).subscriptions });
    if (method === 'POST' && url.pathname === '/_test/webhooks') {
      return send(response, 200, { deliveries: await this.sendWebhook(domain, String(body.topic), body.payload ?? {}) });
    }
    if (method === 'POST' && url.pathname === '/_test/customers') {
      const { customer, deliveries } = await this.createCustomer(domain, (body.customer ?? {}) as Parameters<StandInShop['addCustomer']>[0]);
      return send(response, 200, { customer: restCustomer(customer), deliveries });
    }
    if (method === 'POST' && url.pathname === '/_test/orders') {
      const { order, deliveries } = await this.placeOrder(domain, Number(body.customer_id), (body.order ?? {}) as Parameters<StandInShop['addOrder']>[1]);
      return send(response, 200, { order, deliveries });
    }
    if (method === 'POST' && url.pathname === '/_test/shops') {
      Object.assign(this.shop(domain), body.email ? { email: body.email } : {}, body.name ? { name: body.name } : {});
      return send(response, 200, this.shop(domain).info());
    }
    send(response, 404, { errors: 'Not Found' });
  }
}

/** A customer as Shopify's customer webhooks carry it (the REST resource). */
export const restCustomer = (customer: StandInCustomer) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
  tags: customer.tags.join(', '),
  created_at: customer.createdAt,
  updated_at: customer.createdAt,
  state: 'enabled',
  admin_graphql_api_id: `gid://shopify/Customer/${customer.id}`,
});

/** An order as Shopify's order webhooks carry it (the REST resource). */
export const restOrder = (order: StandInOrder, customer: StandInCustomer) => ({
  id: order.id,
  admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
  name: order.name,
  email: order.email,
  currency: order.currencyCode,
  created_at: order.createdAt,
  updated_at: order.createdAt,
  financial_status: order.financialStatus.toLowerCase(),
  fulfillment_status: null,
  source_name: 'web',
  total_line_items_price: (Number(order.subtotal) + Number(order.discounts)).toFixed(2),
  subtotal_price: order.subtotal,
  total_discounts: order.discounts,
  total_tax: '0.00',
  total_price: order.total,
  discount_codes: order.discountCodes.map((code) => ({ code, amount: order.discounts, type: 'fixed_amount' })),
  customer: restCustomer(customer),
  line_items: [],
});

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if (String(request.headers['content-type']).includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as Record<string, unknown>;
}
