/**
 * Apply code through the storefront's cart API, for a shop whose apply address is an API address
 * rather than a page (BigCommerce: "Add Coupon to Checkout",
 * `POST /api/storefront/checkouts/{checkoutId}/coupons` with `{ couponCode }`, the checkout id being
 * the cart's, read with "Get a Cart", `GET /api/storefront/carts`). Both are calls of the shopper's
 * own session on the page's origin, so the address is resolved against the page, never the embed's.
 */
import { t, type Wording } from '../i18n/catalog.ts';
import { CART_ADDRESS_PLACEHOLDER } from '../widget/code-actions.tsx';

/** The storefront cart API's current carts of the session (an array; empty without a cart). */
const CARTS_PATH = '/api/storefront/carts';

const sameOrigin = { credentials: 'same-origin' as const, headers: { accept: 'application/json' } };

/** Applies `code` to the shopper's cart; answers what the shopper reads, in their language (the shop's own refusal as the shop words it). */
export async function applyThroughCart(doc: Document, cartAddress: string, code: string, words: Wording): Promise<string> {
  const page = doc.location.href;
  try {
    const carts = await fetch(new URL(CARTS_PATH, page), sameOrigin);
    const [cart] = carts.ok ? ((await carts.json()) as Array<{ id?: string }>) : [];
    if (!cart?.id) return t(words, 'cart.addFirst', { code });
    const address = new URL(cartAddress.replace(CART_ADDRESS_PLACEHOLDER, encodeURIComponent(cart.id)), page);
    const answer = await fetch(address, {
      ...sameOrigin,
      method: 'POST',
      headers: { ...sameOrigin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ couponCode: code }),
    });
    if (answer.ok) return t(words, 'cart.applied', { code });
    const refusal = (await answer.json().catch(() => ({}))) as { title?: unknown };
    return typeof refusal.title === 'string' ? t(words, 'cart.refusedBecause', { code, reason: refusal.title }) : t(words, 'cart.refused', { code });
  } catch {
    return t(words, 'cart.unreachable', { code });
  }
}
