/**
 * A BigCommerce store's rewards at its checkout, against the real server and the BigCommerce
 * stand-in: a member identified by the storefront's current customer JWT earns from an order
 * (the store/order/created webhook names the order, the server fetches it), redeems in the
 * widget, sees "Preparing your code…" while the store's API is throttled, then the code; the store
 * holds exactly one coupon for it; Apply code puts it on the shopper's cart through the storefront
 * cart API; the order that carries it marks the reward used; a refunded reward's coupon is switched off.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { StorefrontPayload } from '../../renderers/context.ts';
import type { StandInCart, StandInCoupon } from '../platforms/bigcommerce/store-api.ts';
import { installStore, merchantHeaders, openStorefront, payloadOf, standInCall } from './harness/bigcommerce.ts';
import { launcherOf, published } from './harness/storefront.ts';

const SHOPPER = { id: 501, email: 'jo@trail.example', first_name: 'Jo', last_name: 'Hiker', customer_group_id: 0, date_created: new Date().toISOString() };

/** The member's state as the embed reads it again (signed with the customer id and digest the JWT bootstrap gave). */
async function memberOf(request: APIRequestContext, payload: StorefrontPayload) {
  const shopper = (payload as unknown as { shopper: { customer_id: string; digest: string } }).shopper;
  const query = new URLSearchParams({ customer_id: shopper.customer_id, digest: shopper.digest });
  const answer = await request.get(`/storefront/v1/${payload.storeKey}/bootstrap?${query}`);
  expect(answer.status()).toBe(200);
  return (await payloadOf(answer)).member!;
}

/** Redeems `title` in the widget; answers the reward cart's card of the new reward. */
async function redeem(page: Page, payload: StorefrontPayload, title: string) {
  const names = published(payload);
  await launcherOf(page, names.launcher).click();
  const dialog = page.getByRole('dialog', { name: names.header });
  await dialog.getByRole('button', { name: names.redeemPanel }).click();
  await dialog.getByRole('button', { name: new RegExp(`: ${title.replace(/[$]/g, '\\$&')}$`) }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Reward redeemed' })).toBeVisible();
  return dialog;
}

const couponsOf = (request: APIRequestContext, hash: string) => standInCall<StandInCoupon[]>(request, `/_test/coupons?store_hash=${hash}`);

test('a BigCommerce member earns from an order, redeems, applies the coupon to the cart, and the order marks it used; a refund switches the coupon off', async ({
  page,
  request,
}) => {
  const hash = `e2r${Date.now().toString(36)}`;
  await installStore(page, request, hash, { id: 1, email: `owner-${hash}@trail.example` });
  await expect(page).toHaveURL(/\/onboarding/);
  await expect.poll(async () => (await standInCall<unknown[]>(request, `/_test/hooks?store_hash=${hash}`)).length).toBe(9);
  await standInCall(request, '/_test/customers', { store_hash: hash, customers: [SHOPPER] });
  const first = await payloadOf(await openStorefront(page, hash, SHOPPER.id));
  const balanceBefore = first.member!.pointsBalance;

  // earn: the shopper checks out $1,200; BigCommerce's webhook carries the order's id only
  await standInCall(request, '/_test/cart', { store_hash: hash, customer_id: SHOPPER.id, amount: 1200 });
  const checkout = await standInCall<{ deliveries: Array<{ status: number }> }>(request, '/_test/checkout', { store_hash: hash, customer_id: SHOPPER.id });
  expect(checkout.deliveries).toEqual([{ destination: expect.stringContaining('/webhooks/bigcommerce?store='), status: 200 }]);
  await expect.poll(async () => (await memberOf(request, first)).pointsBalance).toBe(balanceBefore + 1200);

  // redeem while the store's API asks to slow down: the widget says the code is being prepared, then shows it
  const payload = await payloadOf(await openStorefront(page, hash, SHOPPER.id));
  await standInCall(request, '/_test/throttle', { store_hash: hash, requests_left: 0, reset_ms: 4_000 });
  const dialog = await redeem(page, payload, '$5 off coupon');
  await expect(dialog.locator('[data-reward="preparing"]').getByRole('status')).toHaveText('Preparing your code…');
  const card = dialog.locator('[data-reward="ready"]');
  await expect(card).toBeVisible({ timeout: 30_000 });
  const code = (await card.locator('.ls-code').textContent())!;

  // the store holds exactly one coupon with that code, amount and restrictions
  const reward = (await memberOf(request, payload)).rewards.find((candidate) => candidate.code === code)!;
  const coupons = (await couponsOf(request, hash)).filter((coupon) => coupon.code === code);
  expect(coupons).toEqual([
    expect.objectContaining({
      code,
      type: 'per_total_discount',
      amount: '5.00',
      min_purchase: '0',
      applies_to: { entity: 'categories', ids: [0] },
      max_uses: 1,
      max_uses_per_customer: 1,
      enabled: true,
      expires: reward.expiresAt ? expect.any(String) : '',
    }),
  ]);

  // Apply code: the storefront cart API puts it on the shopper's cart
  await standInCall(request, '/_test/cart', { store_hash: hash, customer_id: SHOPPER.id, amount: 40 });
  await card.getByRole('button').first().click();
  await expect(dialog.getByRole('status').filter({ hasText: `Code ${code} applied to your cart.` })).toBeVisible();
  const [cart] = await standInCall<StandInCart[]>(request, `/_test/carts?store_hash=${hash}`);
  expect(cart!.coupons.map((coupon) => coupon.code)).toEqual([code]);
  expect(cart!.cart_amount).toBe(35);

  // the order carrying the coupon marks the reward used
  await standInCall(request, '/_test/checkout', { store_hash: hash, customer_id: SHOPPER.id });
  await expect.poll(async () => (await memberOf(request, payload)).rewards.find((candidate) => candidate.code === code)?.status).toBe('used');

  // a second reward, refunded by the merchant (the console's data API): its coupon is switched off on the store
  await page.reload();
  const again = await redeem(page, payload, '$5 off coupon');
  const second = again.locator('[data-reward="ready"]').filter({ hasNotText: code });
  await expect(second).toBeVisible({ timeout: 30_000 });
  const refunded = (await second.locator('.ls-code').textContent())!;
  expect((await couponsOf(request, hash)).filter((coupon) => coupon.code === refunded)).toEqual([expect.objectContaining({ enabled: true })]);
  const rewardId = (await memberOf(request, payload)).rewards.find((candidate) => candidate.code === refunded)!.id;
  const refund = await page.request.post('/data/v1/customer/points/refund', {
    headers: await merchantHeaders(page),
    data: { reward_id: Number(rewardId), reason: 'Refunded in the browser test' },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  await expect
    .poll(async () => (await couponsOf(request, hash)).filter((coupon) => coupon.code === refunded))
    .toEqual([expect.objectContaining({ enabled: false })]);
});
