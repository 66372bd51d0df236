/**
 * The stand-in's store API: the documented operations the app calls, on one store's state.
 * - v2 coupons https://developer.bigcommerce.com/docs/rest-management/marketing/coupons
 *   (an empty list is `204 No Content`, as v2 answers; errors are `[{ status, message }]`)
 * - v2 orders https://developer.bigcommerce.com/docs/rest-management/orders, with the coupons an
 *   order used ("List Order Coupons", `GET /v2/orders/{order_id}/coupons`)
 * - v3 customers https://developer.bigcommerce.com/docs/rest-management/customers
 * - v3 hooks https://developer.bigcommerce.com/docs/integrations/webhooks
 * - v3 content scripts https://developer.bigcommerce.com/docs/integrations/scripts
 */
export interface StandInCoupon {
  id: number;
  name: string;
  code: string;
  type: string;
  amount: string;
  min_purchase: string;
  expires: string;
  enabled: boolean;
  applies_to: { entity: 'categories' | 'products'; ids: number[] };
  max_uses: number;
  max_uses_per_customer: number;
  restricted_to: Record<string, unknown>;
  num_uses: number;
  date_created: string;
}

export interface StandInHook {
  id: number;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string> | null;
  created_at: number;
}

export interface StandInScript {
  uuid: string;
  name: string;
  description: string;
  kind: 'src' | 'script_tag';
  src?: string;
  html?: string;
  location: 'head' | 'footer';
  visibility: string;
  load_method: string;
  auto_uninstall: boolean;
  consent_category: string;
}

export interface StandInCustomer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  customer_group_id: number;
  date_created: string;
}

export interface StandInOrder {
  id: number;
  customer_id: number;
  status: string;
  status_id: number;
  currency_code: string;
  subtotal_ex_tax: string;
  total_inc_tax: string;
  date_created: string;
  billing_address: { first_name: string; last_name: string; email: string };
  coupon_discount?: string;
}

/** A coupon an order used, as "List Order Coupons" answers it. */
export interface StandInOrderCoupon {
  id: number;
  coupon_id: number;
  order_id: number;
  code: string;
  amount: string;
  /** v2's coupon type as a number (0 per item, 1 percentage, 2 per total, 3 shipping, 4 free shipping) */
  type: number;
  discount: number;
}

/** A storefront cart (the Storefront Cart API's cart, as far as the app's calls read it). */
export interface StandInCart {
  id: string;
  customer_id: number;
  currency: { code: string };
  base_amount: number;
  discount_amount: number;
  cart_amount: number;
  coupons: Array<{ id: number; code: string; coupon_type: string; discounted_amount: number }>;
  line_items: { physical_items: Array<{ id: string; name: string; quantity: number; list_price: number }> };
  created_time: string;
  updated_time: string;
}

export interface StoreState {
  hash: string;
  /** the store's name in its settings */
  name: string;
  token: string | null;
  coupons: StandInCoupon[];
  hooks: StandInHook[];
  scripts: StandInScript[];
  customers: StandInCustomer[];
  orders: StandInOrder[];
  orderCoupons: StandInOrderCoupon[];
  carts: StandInCart[];
  nextId: number;
  /** while set, the store's API and its install's token exchange answer this status: BigCommerce is down */
  outage?: number | null;
}

export interface Answer {
  status: number;
  body?: unknown;
}

const COUPON_TYPES = ['per_item_discount', 'per_total_discount', 'shipping_discount', 'free_shipping', 'percentage_discount', 'promotion'];
const SCRIPT_LOCATIONS = ['head', 'footer'];
const SCRIPT_VISIBILITY = ['storefront', 'all_pages', 'checkout', 'order_confirmation'];

const v2Error = (status: number, message: string): Answer => ({ status, body: [{ status, message }] });
const v3Error = (status: number, title: string, errors: Record<string, string> = {}): Answer => ({
  status,
  body: { status, title, type: 'about:blank', errors },
});

function page<T>(items: T[], query: URLSearchParams, defaultLimit = 50) {
  const limit = Math.min(Number(query.get('limit') ?? defaultLimit) || defaultLimit, 250);
  const current = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const data = items.slice((current - 1) * limit, current * limit);
  return {
    data,
    pagination: { total: items.length, count: data.length, per_page: limit, current_page: current, total_pages: Math.ceil(items.length / limit) },
  };
}

function couponFields(store: StoreState, body: Record<string, unknown>, existing: StandInCoupon | null): StandInCoupon | Answer {
  const merged = { ...existing, ...body } as Partial<StandInCoupon> & Record<string, unknown>;
  if (!merged.name || typeof merged.name !== 'string') return v2Error(400, "The field 'name' is invalid.");
  if (!merged.code || typeof merged.code !== 'string' || merged.code.length > 50) return v2Error(400, "The field 'code' is invalid.");
  if (!COUPON_TYPES.includes(String(merged.type))) return v2Error(400, "The field 'type' is invalid.");
  const appliesTo = merged.applies_to;
  if (!appliesTo || !['categories', 'products'].includes(appliesTo.entity) || !Array.isArray(appliesTo.ids)) {
    return v2Error(400, "The required field 'applies_to' was not supplied.");
  }
  if (merged.type !== 'free_shipping' && !(Number(merged.amount) > 0)) return v2Error(400, "The field 'amount' is invalid.");
  if (merged.type === 'percentage_discount' && Number(merged.amount) > 100) return v2Error(400, "The field 'amount' is invalid.");
  const taken = store.coupons.find((coupon) => coupon.code.toLowerCase() === String(merged.code).toLowerCase() && coupon.id !== existing?.id);
  if (taken) return v2Error(409, `The coupon code ${taken.code} already exists.`);
  return {
    id: existing?.id ?? store.nextId++,
    name: merged.name,
    code: merged.code,
    type: String(merged.type),
    amount: String(merged.amount ?? '0'),
    min_purchase: String(merged.min_purchase ?? '0'),
    expires: String(merged.expires ?? ''),
    enabled: merged.enabled !== false,
    applies_to: appliesTo,
    max_uses: Number(merged.max_uses ?? 0),
    max_uses_per_customer: Number(merged.max_uses_per_customer ?? 0),
    restricted_to: (merged.restricted_to as Record<string, unknown>) ?? {},
    num_uses: existing?.num_uses ?? 0,
    date_created: existing?.date_created ?? new Date().toUTCString(),
  };
}

/** Answers one API call on the store: `path` is what follows `/stores/{hash}`. */
export function storeApi(store: StoreState, method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Answer {
  const couponId = /^\/v2\/coupons\/(\d+)$/.exec(path)?.[1];
  if (path === '/v2/coupons' && method === 'GET') {
    const code = query.get('code');
    const found = store.coupons.filter((coupon) => code === null || coupon.code === code);
    return found.length === 0 ? { status: 204 } : { status: 200, body: found };
  }
  if (path === '/v2/coupons' && method === 'POST') {
    const coupon = couponFields(store, body, null);
    if ('status' in coupon) return coupon;
    store.coupons.push(coupon);
    return { status: 201, body: coupon };
  }
  if (couponId) {
    const index = store.coupons.findIndex((coupon) => coupon.id === Number(couponId));
    if (index < 0) return v2Error(404, 'The requested resource was not found.');
    if (method === 'GET') return { status: 200, body: store.coupons[index] };
    if (method === 'DELETE') {
      store.coupons.splice(index, 1);
      return { status: 204 };
    }
    if (method === 'PUT') {
      const coupon = couponFields(store, body, store.coupons[index]!);
      if ('status' in coupon) return coupon;
      store.coupons[index] = coupon;
      return { status: 200, body: coupon };
    }
  }
  if ((path === '/v2/orders' || path === '/v2/orders/count') && method === 'GET') {
    const after = query.get('min_date_created');
    const orders = store.orders.filter((order) => !after || new Date(order.date_created) >= new Date(after)).sort((a, b) => a.id - b.id);
    if (path === '/v2/orders/count') return { status: 200, body: { count: orders.length } };
    const { data } = page(orders, query);
    return data.length === 0 ? { status: 204 } : { status: 200, body: data };
  }
  const orderId = /^\/v2\/orders\/(\d+)$/.exec(path)?.[1];
  if (orderId && method === 'GET') {
    const order = store.orders.find((candidate) => candidate.id === Number(orderId));
    const coupons = { url: `/stores/${store.hash}/v2/orders/${orderId}/coupons`, resource: `/orders/${orderId}/coupons` };
    return order ? { status: 200, body: { ...order, coupons } } : v2Error(404, 'The requested resource was not found.');
  }
  const couponsOfOrder = /^\/v2\/orders\/(\d+)\/coupons$/.exec(path)?.[1];
  if (couponsOfOrder && method === 'GET') {
    if (!store.orders.some((order) => order.id === Number(couponsOfOrder))) return v2Error(404, 'The requested resource was not found.');
    const used = store.orderCoupons.filter((coupon) => coupon.order_id === Number(couponsOfOrder));
    return used.length === 0 ? { status: 204 } : { status: 200, body: used };
  }
  if (path === '/v3/customers' && method === 'GET') {
    const ids = query.get('id:in')?.split(',').map(Number);
    const { data, pagination } = page(
      store.customers.filter((customer) => !ids || ids.includes(customer.id)),
      query,
    );
    return { status: 200, body: { data, meta: { pagination } } };
  }
  if (path === '/v3/hooks' && method === 'GET') {
    const { data, pagination } = page(store.hooks, query);
    return { status: 200, body: { data: data.map((hook) => hookView(store, hook)), meta: { pagination } } };
  }
  if (path === '/v3/hooks' && method === 'POST') {
    const scope = String(body.scope ?? '');
    const destination = String(body.destination ?? '');
    if (!/^store\/[A-Za-z_/*]+$/.test(scope)) return v3Error(422, 'The scope is invalid.', { scope: 'invalid' });
    if (!/^https?:\/\//.test(destination)) return v3Error(422, 'The destination is invalid.', { destination: 'invalid' });
    if (store.hooks.some((hook) => hook.scope === scope && hook.destination === destination)) {
      return v3Error(422, 'A webhook with this scope and destination already exists.');
    }
    const hook: StandInHook = {
      id: store.nextId++,
      scope,
      destination,
      is_active: body.is_active !== false,
      headers: (body.headers as Record<string, string> | undefined) ?? null,
      created_at: Math.floor(Date.now() / 1000),
    };
    store.hooks.push(hook);
    return { status: 200, body: { data: hookView(store, hook), meta: {} } };
  }
  const hookId = /^\/v3\/hooks\/(\d+)$/.exec(path)?.[1];
  if (hookId && method === 'PUT') {
    const hook = store.hooks.find((candidate) => candidate.id === Number(hookId));
    if (!hook) return v3Error(404, 'The hook was not found.');
    Object.assign(hook, { is_active: body.is_active !== false, ...(body.headers ? { headers: body.headers } : {}) });
    return { status: 200, body: { data: hookView(store, hook), meta: {} } };
  }
  if (path === '/v2/store' && method === 'GET') {
    return {
      status: 200,
      body: {
        id: store.hash,
        name: store.name,
        domain: `${store.hash}.mybigcommerce.com`,
        secure_url: `https://${store.hash}.mybigcommerce.com`,
        currency: 'USD',
      },
    };
  }
  if (path === '/v3/content/scripts' && method === 'GET') {
    const { data, pagination } = page(store.scripts, query);
    return { status: 200, body: { data, meta: { pagination } } };
  }
  if (path === '/v3/content/scripts' && method === 'POST') {
    const kind = body.kind === 'script_tag' ? 'script_tag' : 'src';
    const location = String(body.location ?? 'head');
    const visibility = String(body.visibility ?? 'storefront');
    if (!body.name || (kind === 'src' ? !body.src : !body.html)) return v3Error(422, 'The script needs a name and a src (or html for script_tag).');
    if (!SCRIPT_LOCATIONS.includes(location) || !SCRIPT_VISIBILITY.includes(visibility)) return v3Error(422, 'The location or visibility is invalid.');
    const script: StandInScript = {
      uuid: `script-${store.nextId++}`,
      name: String(body.name),
      description: String(body.description ?? ''),
      kind,
      ...(kind === 'src' ? { src: String(body.src) } : { html: String(body.html) }),
      location: location as StandInScript['location'],
      visibility,
      load_method: String(body.load_method ?? 'default'),
      auto_uninstall: body.auto_uninstall !== false,
      consent_category: String(body.consent_category ?? 'essential'),
    };
    store.scripts.push(script);
    return { status: 200, body: { data: script, meta: {} } };
  }
  return { status: 404, body: { status: 404, title: `No route ${method} ${path} in the stand-in.` } };
}

const hookView = (store: StoreState, hook: StandInHook) => ({ ...hook, store_hash: store.hash, updated_at: hook.created_at });
