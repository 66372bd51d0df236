/**
 * The BigCommerce adapter: a reward's code becomes a v2 coupon of the store
 * (https://developer.bigcommerce.com/docs/rest-management/marketing/coupons), usable once.
 */
import type { PlatformAdapter, RewardCode } from '../adapter.ts';
import { accessOf, bigcommerceRequest, BigCommerceRefused } from './api.ts';

interface Coupon {
  id: number;
  code: string;
}

/** Minor units as BigCommerce's decimal strings (two decimals: the store's currency). */
const money = (minor: number) => (minor / 100).toFixed(2);

/** The v2 coupon of a reward's code. */
export function couponOf(code: RewardCode): Record<string, unknown> {
  const discount = code.discount;
  const products = discount.type === 'free_product' ? discount.productIds : code.productIds;
  const appliesTo =
    products.length > 0
      ? { entity: 'products', ids: products.map(Number) }
      : code.collectionIds.length > 0
        ? { entity: 'categories', ids: code.collectionIds.map(Number) }
        : // category 0: every category, the whole order
          { entity: 'categories', ids: [0] };
  const kind =
    discount.type === 'fixed_amount'
      ? // an amount off the products it is limited to, else off the order's total
        { type: products.length > 0 ? 'per_item_discount' : 'per_total_discount', amount: money(discount.amount) }
      : discount.type === 'percentage'
        ? { type: 'percentage_discount', amount: String(discount.percent) }
        : discount.type === 'free_shipping'
          ? { type: 'free_shipping', amount: '0' }
          : { type: 'percentage_discount', amount: '100' };
  return {
    // names are shown to the merchant in the coupon list: the reward and its code
    name: `${code.title} (${code.code})`.slice(0, 100),
    code: code.code,
    ...kind,
    applies_to: appliesTo,
    min_purchase: code.minimumSubtotal === null ? '0' : money(code.minimumSubtotal),
    max_uses: 1,
    max_uses_per_customer: 1,
    enabled: true,
    ...(code.endsAt ? { expires: code.endsAt.toUTCString() } : {}),
  };
}

export function bigcommerceAdapter(apiUrl: string): PlatformAdapter {
  return {
    platform: 'bigcommerce',

    async createCode(connection, code, { mayExist } = { mayExist: true }) {
      const access = accessOf(apiUrl, connection);
      // the code is the reward's own: when it exists, an earlier attempt created it
      const find = async () => (await bigcommerceRequest<Coupon[]>(access, 'GET', `/v2/coupons?code=${encodeURIComponent(code.code)}`))?.[0];
      const existing = mayExist ? await find() : undefined;
      if (existing) return { platformId: String(existing.id) };
      try {
        const created = await bigcommerceRequest<Coupon>(access, 'POST', '/v2/coupons', couponOf(code));
        if (!created) throw new Error('BigCommerce created the coupon without answering it.');
        return { platformId: String(created.id) };
      } catch (error) {
        // a concurrent attempt created it between the look-up and the create (or before a first attempt's create, which does not look first)
        const raced = error instanceof BigCommerceRefused && error.status === 409 ? await find() : undefined;
        if (raced) return { platformId: String(raced.id) };
        throw error;
      }
    },

    async deactivateCode(connection, code) {
      try {
        await bigcommerceRequest(accessOf(apiUrl, connection), 'PUT', `/v2/coupons/${encodeURIComponent(code.platformId)}`, { enabled: false });
      } catch (error) {
        if (error instanceof BigCommerceRefused && error.status === 404) return; // already gone
        throw error;
      }
    },

    /**
     * BigCommerce has no storefront address that applies a coupon to the shopper's cart alone
     * (`/cart.php?couponcode=` and the checkout URL's `coupon=` both add products too). The
     * storefront cart API does ("Add Coupon to Checkout"): the widget reads the cart's id ("Get a
     * Cart", `GET /api/storefront/carts`) and posts `{ couponCode }` to this address with
     * `{checkoutId}` replaced
     * (https://developer.bigcommerce.com/docs/storefront/cart-checkout/rest-storefront/checkouts/checkout-coupons).
     * A path: the calls are the shopper's session on the storefront's own origin, whatever its domain.
     */
    applyUrl() {
      return '/api/storefront/checkouts/{checkoutId}/coupons';
    },
  };
}
