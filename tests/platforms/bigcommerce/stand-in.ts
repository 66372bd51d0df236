/**
 * A stand-in for BigCommerce, for the tests and the browser tests' servers: a small node http
 * server answering exactly the documented operations the app uses, on one origin:
 * - the login service: `POST /oauth2/token` (https://developer.bigcommerce.com/docs/integrations/apps/guide/auth)
 * - the store API under `/stores/{hash}/…` (store-api.ts), with the `X-Auth-Token` checked and a
 *   request budget per window: every answer carries `X-Rate-Limit-Requests-Left`,
 *   `X-Rate-Limit-Requests-Quota`, `X-Rate-Limit-Time-Window-Ms` and `X-Rate-Limit-Time-Reset-Ms`,
 *   and a request beyond the budget gets `429` (https://developer.bigcommerce.com/docs/start/best-practices/api-rate-limits)
 * - a storefront: `/` draws the scripts installed through the Scripts API,
 *   `GET /customer/current.jwt?app_client_id=…` answers the signed-in shopper's JWT, and the
 *   Storefront Cart API's calls the app makes answer the shopper's cart (storefront-cart.ts)
 * - webhooks sent as BigCommerce sends them: a POST of `{ scope, store_id, data, hash,
 *   created_at, producer }` to each hook of the scope, with the hook's headers
 * Test hooks under `/_test/` set up stores and read what the stand-in holds.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentCustomerJwt, signedPayloadJwt, type StandInUser } from './signing.ts';
import { storeApi, type StandInCustomer, type StandInOrder, type StoreState } from './store-api.ts';
import { checkOut, fillCart, storefrontCartApi } from './storefront-cart.ts';

export interface StandInOptions {
  clientId: string;
  clientSecret: string;
  port?: number;
  /** requests a store may make per window (BigCommerce's standard plan: 150 per 30 s) */
  quota?: number;
  windowMs?: number;
}

interface Budget {
  left: number;
  resetAt: number;
}

interface PendingCode {
  storeHash: string;
  user: StandInUser;
  scope: string;
}

export interface BigCommerceStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  stores: Map<string, StoreState>;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const cookiesOf = (request: IncomingMessage) =>
  Object.fromEntries(
    (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length === 2) as [string, string][],
  );

const scopeMatches = (hookScope: string, scope: string) => hookScope === scope || (hookScope.endsWith('/*') && scope.startsWith(hookScope.slice(0, -1)));

export async function startBigCommerceStandIn(options: StandInOptions): Promise<BigCommerceStandIn> {
  const quota = options.quota ?? 150;
  const windowMs = options.windowMs ?? 30_000;
  const stores = new Map<string, StoreState>();
  const budgets = new Map<string, Budget>();
  const codes = new Map<string, PendingCode>();
  const owners = new Map<string, StandInUser>();
  const app = { clientId: options.clientId, clientSecret: options.clientSecret };

  const storeOf = (hash: string): StoreState => {
    let store = stores.get(hash);
    if (!store) {
      store = {
        hash,
        name: `Store ${hash}`,
        token: null,
        coupons: [],
        hooks: [],
        scripts: [],
        customers: [],
        orders: [],
        orderCoupons: [],
        carts: [],
        nextId: 1,
      };
      stores.set(hash, store);
    }
    return store;
  };

  /** Counts a request against the store's budget; the headers every answer carries. */
  const spend = (hash: string) => {
    const now = Date.now();
    let budget = budgets.get(hash);
    if (!budget || budget.resetAt <= now) budget = { left: quota, resetAt: now + windowMs };
    budgets.set(hash, budget);
    const allowed = budget.left > 0;
    if (allowed) budget.left -= 1;
    const headers = {
      'x-rate-limit-requests-left': String(budget.left),
      'x-rate-limit-requests-quota': String(quota),
      'x-rate-limit-time-window-ms': String(windowMs),
      'x-rate-limit-time-reset-ms': String(Math.max(0, budget.resetAt - now)),
    };
    return { allowed, headers };
  };

  /** The webhooks of this event, as BigCommerce posts them; `deliver` false answers them unsent (tests inject them). */
  async function deliverWebhooks(storeHash: string, scope: string, data: Record<string, unknown>, deliver: boolean) {
    const store = storeOf(storeHash);
    const deliveries = [];
    for (const hook of store.hooks.filter((candidate) => candidate.is_active && scopeMatches(candidate.scope, scope))) {
      const body = {
        scope,
        store_id: '1001',
        data,
        hash: randomBytes(20).toString('hex'),
        created_at: Math.floor(Date.now() / 1000),
        producer: `stores/${storeHash}`,
      };
      const request = { destination: hook.destination, headers: { 'content-type': 'application/json', ...hook.headers }, body: JSON.stringify(body) };
      if (!deliver) {
        deliveries.push(request);
        continue;
      }
      const response = await fetch(hook.destination, { method: 'POST', headers: request.headers, body: request.body });
      deliveries.push({ destination: hook.destination, status: response.status });
    }
    return deliveries;
  }

  async function testHook(request: IncomingMessage, response: ServerResponse, url: URL) {
    const body = request.method === 'POST' ? await readBody(request) : {};
    const hash = String(body.store_hash ?? url.searchParams.get('store_hash') ?? '');
    const store = storeOf(hash);
    const user = (body.user as StandInUser | undefined) ?? owners.get(hash) ?? { id: 1, email: `owner@${hash}.example` };
    switch (url.pathname) {
      case '/_test/install': {
        // what BigCommerce puts in the auth callback's query string
        const code = randomBytes(16).toString('hex');
        const scope = String(
          body.scope ?? 'store_v2_orders_read_only store_v2_customers_read_only store_v2_marketing store_content_checkout store_v2_products_read_only',
        );
        codes.set(code, { storeHash: hash, user, scope });
        if (!owners.has(hash)) owners.set(hash, user);
        if (typeof body.store_name === 'string') store.name = body.store_name;
        return json(response, 200, { code, scope, context: `stores/${hash}`, account_uuid: 'stand-in-account' });
      }
      case '/_test/signed_payload': {
        const expiresIn = body.expires_in === undefined ? undefined : Number(body.expires_in);
        const signer = body.secret ? { ...app, clientSecret: String(body.secret) } : app;
        const owner = owners.get(hash) ?? user;
        return json(response, 200, {
          jwt: await signedPayloadJwt(signer, { storeHash: hash, user, owner, ...(expiresIn === undefined ? {} : { expiresIn }) }),
        });
      }
      case '/_test/uninstall': {
        // BigCommerce revokes the app's token, then calls the uninstall callback
        store.token = null;
        store.scripts = store.scripts.filter((script) => !script.auto_uninstall);
        return json(response, 200, { jwt: await signedPayloadJwt(app, { storeHash: hash, user, owner: owners.get(hash) ?? user }) });
      }
      case '/_test/revoke':
        store.token = null;
        return json(response, 200, { revoked: true });
      case '/_test/coupons':
        return json(response, 200, store.coupons);
      case '/_test/hooks':
        return json(response, 200, store.hooks);
      case '/_test/scripts':
        return json(response, 200, store.scripts);
      case '/_test/customers':
        store.customers.push(...((body.customers as StandInCustomer[] | undefined) ?? []));
        return json(response, 200, store.customers);
      case '/_test/orders':
        store.orders.push(...((body.orders as StandInOrder[] | undefined) ?? []));
        return json(response, 200, store.orders);
      case '/_test/cart':
        return json(response, 200, fillCart(store, Number(body.customer_id), Number(body.amount ?? 50)));
      case '/_test/carts':
        return json(response, 200, store.carts);
      case '/_test/checkout': {
        // the shopper checks out: the order, then BigCommerce's store/order/created webhooks
        const order = checkOut(store, Number(body.customer_id));
        if (!order) return json(response, 404, { title: 'The shopper has no cart.' });
        return json(response, 200, { order, deliveries: await deliverWebhooks(hash, 'store/order/created', { type: 'order', id: order.id }, true) });
      }
      case '/_test/throttle':
        budgets.set(hash, { left: Number(body.requests_left ?? 0), resetAt: Date.now() + Number(body.reset_ms ?? windowMs) });
        return json(response, 200, { ok: true });
      case '/_test/webhooks':
        return json(response, 200, await deliverWebhooks(hash, String(body.scope), (body.data as Record<string, unknown>) ?? {}, body.deliver !== false));
      case '/_test/storefront': {
        // signs a shopper in on the store's storefront (this origin's `/`)
        const customerId = url.searchParams.get('customer_id');
        response.writeHead(303, {
          location: '/',
          'set-cookie': [`bc_store=${encodeURIComponent(hash)}; Path=/`, `bc_customer=${customerId ? encodeURIComponent(customerId) : ''}; Path=/`],
        });
        return response.end();
      }
      default:
        return json(response, 404, { title: `No test hook ${url.pathname}.` });
    }
  }

  async function oauthToken(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
      return json(response, 401, { error: 'invalid_client', error_description: 'Invalid client id or secret.' });
    }
    const pending = codes.get(String(body.code ?? ''));
    if (!pending || body.grant_type !== 'authorization_code' || body.context !== `stores/${pending.storeHash}` || !body.redirect_uri) {
      return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code.' });
    }
    const store = storeOf(pending.storeHash);
    // down: the code is not used up, as a request that never reached BigCommerce would leave it
    if (store.outage) return json(response, store.outage, { error: 'server_error', error_description: 'Service Unavailable' });
    codes.delete(String(body.code));
    store.token = randomBytes(20).toString('hex');
    const owner = owners.get(pending.storeHash) ?? pending.user;
    return json(response, 200, {
      access_token: store.token,
      scope: pending.scope,
      user: { id: pending.user.id, username: pending.user.email.split('@')[0], email: pending.user.email },
      owner: { id: owner.id, username: owner.email.split('@')[0], email: owner.email },
      context: `stores/${pending.storeHash}`,
      account_uuid: 'stand-in-account',
    });
  }

  async function storefront(request: IncomingMessage, response: ServerResponse, url: URL) {
    const cookies = cookiesOf(request);
    const store = stores.get(decodeURIComponent(cookies.bc_store ?? ''));
    const customer = store?.customers.find((candidate) => String(candidate.id) === decodeURIComponent(cookies.bc_customer ?? ''));
    const cartAnswer = storefrontCartApi(store, customer?.id, request.method ?? 'GET', url.pathname, request.method === 'POST' ? await readBody(request) : {});
    if (cartAnswer) return json(response, cartAnswer.status, cartAnswer.body);
    if (url.pathname === '/customer/current.jwt') {
      if (url.searchParams.get('app_client_id') !== options.clientId) return json(response, 400, { title: 'Unknown app_client_id.' });
      if (!store || !customer) return json(response, 404, { title: 'No customer is signed in.' });
      const token = await currentCustomerJwt(app, {
        storeHash: store.hash,
        customer: { id: customer.id, email: customer.email, groupId: String(customer.customer_group_id) },
      });
      // documented: the JWT as a plain-text string
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end(token);
    }
    const scripts = (store?.scripts ?? []).filter((script) => ['storefront', 'all_pages'].includes(script.visibility));
    const tag = (script: (typeof scripts)[number]) => (script.kind === 'src' ? `<script src="${script.src}"></script>` : (script.html ?? ''));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${store?.hash ?? 'Store'} storefront</title>` +
        scripts
          .filter((script) => script.location === 'head')
          .map(tag)
          .join('') +
        `</head><body><main><h1>Stand-in storefront</h1><p data-customer>${customer ? `Signed in as ${customer.email}` : 'Guest'}</p></main>` +
        scripts
          .filter((script) => script.location === 'footer')
          .map(tag)
          .join('') +
        '</body></html>',
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/_test/')) return testHook(request, response, url);
    if (url.pathname === '/oauth2/token' && request.method === 'POST') return oauthToken(request, response);
    const api = /^\/stores\/([^/]+)(\/v[23]\/.*)$/.exec(url.pathname);
    if (!api) return storefront(request, response, url);
    const store = storeOf(decodeURIComponent(api[1]!));
    if (store.outage) return json(response, store.outage, { status: store.outage, title: 'Service Unavailable' });
    const { allowed, headers } = spend(store.hash);
    if (!allowed) return json(response, 429, { status: 429, title: 'Too many requests.' }, headers);
    if (!store.token || request.headers['x-auth-token'] !== store.token) {
      return json(response, 401, { status: 401, title: 'You are not authorized to access this resource.' }, headers);
    }
    const body = ['POST', 'PUT'].includes(request.method ?? '') ? await readBody(request) : {};
    const answer = storeApi(store, request.method ?? 'GET', api[2]!, url.searchParams, body);
    return json(response, answer.status, answer.body, headers);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => json(response, 500, { title: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stores,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
