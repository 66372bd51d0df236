/**
 * The stand-in storefront's cart, as the Storefront Cart and Checkout APIs answer a shopper's
 * browser on the store's own origin (the session's cookie names the cart):
 * - "Get a Cart" `GET /api/storefront/carts`: the session's carts, an array (empty without one)
 *   https://developer.bigcommerce.com/docs/storefront/cart-checkout/rest-storefront/carts
 * - "Add Coupon to Checkout" `POST /api/storefront/checkouts/{checkoutId}/coupons` with
 *   `{ couponCode }` (the checkout id is the cart id): the checkout with the coupon applied, or 400
 *   when the store's coupon does not apply (unknown, disabled, expired, used up, below its minimum)
 *   https://developer.bigcommerce.com/docs/storefront/cart-checkout/rest-storefront/checkouts/checkout-coupons
 * And what the tests do as the shopper: fill a cart, and check out (an order carrying the cart's coupon).
 */
import { randomUUID } from 'node:crypto';
import type { StandInCart, StandInCoupon, StandInOrder, StoreState } from './store-api.ts';
import type { Answer } from './store-api.ts';

const COUPON_TYPE_NUMBERS: Record<string, number> = {
  per_item_discount: 0,
  percentage_discount: 1,
  per_total_discount: 2,
  shipping_discount: 3,
  free_shipping: 4,
};

const refused = (title: string): Answer => ({
  status: 400,
  body: { status: 400, title, type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' },
});

/** What a coupon takes off a cart of `amount` (dollars), or why it does not apply. */
function discountOf(coupon: StandInCoupon | undefined, amount: number, now: Date): number | string {
  if (!coupon || !coupon.enabled) return 'The coupon code you entered is not valid.';
  if (coupon.expires && new Date(coupon.expires) <= now) return 'This coupon has expired.';
  if (coupon.max_uses > 0 && coupon.num_uses >= coupon.max_uses) return 'This coupon has reached its maximum number of uses.';
  if (amount < Number(coupon.min_purchase)) return `This coupon needs a minimum purchase of ${coupon.min_purchase}.`;
  if (coupon.type === 'percentage_discount') return Math.round(amount * Number(coupon.amount)) / 100;
  if (coupon.type === 'free_shipping' || coupon.type === 'shipping_discount') return 0;
  return Math.min(amount, Number(coupon.amount));
}

const checkoutOf = (cart: StandInCart) => ({
  id: cart.id,
  cart,
  coupons: cart.coupons,
  subtotal_ex_tax: cart.base_amount,
  grand_total: cart.cart_amount,
});

/** The storefront API calls of a shopper's session; null for a path that is not one. */
export function storefrontCartApi(
  store: StoreState | undefined,
  customerId: number | undefined,
  method: string,
  path: string,
  body: Record<string, unknown>,
  now = new Date(),
): Answer | null {
  const carts = store ? store.carts.filter((cart) => customerId !== undefined && cart.customer_id === customerId) : [];
  if (path === '/api/storefront/carts' && method === 'GET') return { status: 200, body: carts };
  const checkoutId = /^\/api\/storefront\/checkouts\/([^/]+)\/coupons$/.exec(path)?.[1];
  if (!checkoutId || method !== 'POST') return null;
  const cart = carts.find((candidate) => candidate.id === decodeURIComponent(checkoutId));
  if (!store || !cart) return { status: 404, body: { status: 404, title: 'Checkout not found.' } };
  if (typeof body.couponCode !== 'string' || body.couponCode === '') return refused('couponCode is required.');
  const coupon = store.coupons.find((candidate) => candidate.code.toLowerCase() === String(body.couponCode).toLowerCase());
  const discount = discountOf(coupon, cart.base_amount, now);
  if (typeof discount === 'string') return refused(discount);
  // one coupon per checkout: a new one replaces the last
  cart.coupons = [{ id: coupon!.id, code: coupon!.code, coupon_type: String(COUPON_TYPE_NUMBERS[coupon!.type] ?? 2), discounted_amount: discount }];
  cart.discount_amount = discount;
  cart.cart_amount = cart.base_amount - discount;
  cart.updated_time = now.toISOString();
  return { status: 200, body: checkoutOf(cart) };
}

/** The shopper puts a product of `amount` dollars in a new cart. */
export function fillCart(store: StoreState, customerId: number, amount: number): StandInCart {
  const now = new Date().toISOString();
  const cart: StandInCart = {
    id: randomUUID(),
    customer_id: customerId,
    currency: { code: 'USD' },
    base_amount: amount,
    discount_amount: 0,
    cart_amount: amount,
    coupons: [],
    line_items: { physical_items: [{ id: randomUUID(), name: 'Trail pack', quantity: 1, list_price: amount }] },
    created_time: now,
    updated_time: now,
  };
  store.carts = [...store.carts.filter((candidate) => candidate.customer_id !== customerId), cart];
  return cart;
}

/** The shopper checks out their cart: an order with the cart's coupon (counted as used), the cart gone. */
export function checkOut(store: StoreState, customerId: number): StandInOrder | null {
  const cart = store.carts.find((candidate) => candidate.customer_id === customerId);
  const customer = store.customers.find((candidate) => candidate.id === customerId);
  if (!cart || !customer) return null;
  const order: StandInOrder = {
    id: store.nextId++,
    customer_id: customerId,
    status: 'Awaiting Fulfillment',
    status_id: 11,
    currency_code: cart.currency.code,
    subtotal_ex_tax: cart.base_amount.toFixed(2),
    total_inc_tax: cart.cart_amount.toFixed(2),
    coupon_discount: cart.discount_amount.toFixed(2),
    date_created: new Date().toUTCString(),
    billing_address: { first_name: customer.first_name, last_name: customer.last_name, email: customer.email },
  };
  store.orders.push(order);
  for (const applied of cart.coupons) {
    const coupon = store.coupons.find((candidate) => candidate.id === applied.id);
    if (coupon) coupon.num_uses += 1;
    store.orderCoupons.push({
      id: store.nextId++,
      coupon_id: applied.id,
      order_id: order.id,
      code: applied.code,
      amount: coupon?.amount ?? '0',
      type: Number(applied.coupon_type),
      discount: applied.discounted_amount,
    });
  }
  store.carts = store.carts.filter((candidate) => candidate !== cart);
  return order;
}
