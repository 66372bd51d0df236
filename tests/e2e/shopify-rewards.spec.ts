import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { StorefrontPayload } from '../../renderers/context.ts';
import { launcherOf, published } from './harness/storefront.ts';

// The Shopify stand-in the e2e servers start beside each server (scripts/e2e-servers.mjs): its port + 50.
const standInOf = (baseURL: string | undefined) => `http://127.0.0.1:${Number(new URL(baseURL!).port) + 50}`;
const SHOP = 'e2e-rewards.myshopify.com';

interface StandInDiscount {
  code: string;
  status: string;
  input: { endsAt: string | null; context: unknown; customerGets: { value: { discountAmount?: { amount: string } } } };
}
interface ApiReward {
  id: number;
  code: string;
  status: string;
  expires_at: string | null;
}

const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>) => {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
};

test('a member identified through the app proxy earns from signed order webhooks, redeems, applies the code at the shop; the order with it marks it used; a rollback deactivates it', async ({
  page,
  request,
  baseURL,
}) => {
  const standIn = standInOf(baseURL);
  const discounts = async () => (await json<{ discounts: StandInDiscount[] }>(await request.get(`${standIn}/_test/discounts?shop=${SHOP}`))).discounts;

  // the merchant installs the app through OAuth; the console's own calls carry the store's API headers
  const consoleCall = page.waitForRequest((call) => Boolean(call.headers()['x-store-access-token'] && call.headers().authorization));
  const link = await json<{ url: string }>(await request.get(`${standIn}/_test/install-link?shop=${SHOP}`));
  await page.goto(link.url);
  await expect(page).toHaveURL(/\/onboarding$/);
  const sent = (await consoleCall).headers();
  const api = {
    authorization: sent.authorization!,
    'x-store-access-token': sent['x-store-access-token']!,
    'x-user-access-token': sent['x-user-access-token'] ?? '',
  };
  const rewards = async () =>
    (await json<{ data: { data: ApiReward[] } }>(await request.post('/data/v1/transaction/rewards', { headers: api, data: {} }))).data.data;
  await expect
    .poll(async () => (await json<{ subscriptions: unknown[] }>(await request.get(`${standIn}/_test/subscriptions?shop=${SHOP}`))).subscriptions.length)
    .toBe(12);

  // a shopper opens an account (customers/create: the sign-up points) and places a $1,000 order (orders/create, orders/paid)
  const created = await json<{ customer: { id: number }; deliveries: Array<{ status: number }> }>(
    await request.post(`${standIn}/_test/customers`, {
      data: { shop: SHOP, customer: { email: 'ada@e2e-rewards.example', firstName: 'Ada', lastName: 'Lovelace' } },
    }),
  );
  expect(created.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
  const customerId = created.customer.id;
  const ordered = await json<{ deliveries: Array<{ status: number }> }>(
    await request.post(`${standIn}/_test/orders`, { data: { shop: SHOP, customer_id: customerId, order: { subtotal: '1000.00', total: '1000.00' } } }),
  );
  expect(ordered.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);

  // the shopper signs in on the shop: the theme's embed asks the app proxy who they are
  await page.goto(`${standIn}/_test/storefront-login?shop=${SHOP}&customer_id=${customerId}`);
  const bootstrap = async (shopper: Page) => (await json<{ data: StorefrontPayload }>(await shopper.request.get(`${standIn}/apps/loyalty/bootstrap`))).data;
  await expect.poll(async () => (await bootstrap(page)).member?.pointsBalance).toBe(1050);
  await page.reload();
  const payload = await bootstrap(page);
  const names = published(payload);
  await launcherOf(page, names.launcher).click();
  const dialog = page.getByRole('dialog', { name: names.header });
  await dialog.getByRole('button', { name: names.redeemPanel }).click();
  await dialog.getByRole('button', { name: /: \$5 off coupon$/ }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Reward redeemed' })).toContainText('Preparing your code…');

  // the shop has the code: the card shows it with Apply code
  const ready = dialog.locator('[data-reward="ready"]');
  await expect(ready).toHaveCount(1);
  const code = (await ready.locator('.ls-code').textContent())!.trim();
  const [reward] = (await rewards()).filter((candidate) => candidate.code === code);
  const [discount, ...others] = (await discounts()).filter((candidate) => candidate.code === code);
  expect(others).toEqual([]);
  expect(discount).toMatchObject({ status: 'ACTIVE', input: { context: { customers: { add: [`gid://shopify/Customer/${customerId}`] } } } });
  expect(discount!.input.customerGets.value.discountAmount?.amount).toBe('5.00');
  expect(discount!.input.endsAt).toBe(reward!.expires_at ? new Date(reward!.expires_at).toISOString() : null);

  // one click puts it on the shop's cart
  await ready.getByRole('link', { name: 'Apply code: $5 off coupon' }).click();
  await expect(page).toHaveURL(`${standIn}/cart`);
  await expect(page.getByRole('status')).toHaveText(`Discount code applied: ${code}`);

  // the order that used it marks the reward used
  await request.post(`${standIn}/_test/orders`, {
    data: { shop: SHOP, customer_id: customerId, order: { subtotal: '20.00', total: '15.00', discounts: '5.00', discountCodes: [code] } },
  });
  await expect.poll(async () => (await rewards()).find((candidate) => candidate.code === code)?.status).toBe('used');

  // a second reward, redeemed through the app proxy, rolled back by the merchant: the shop's discount is deactivated
  const redeemed = await page.request.post(`${standIn}/apps/loyalty/redeem`, {
    data: { redeem_id: payload.program.waysToRedeem[0]!.id },
    headers: { 'idempotency-key': `e2e-${Date.now()}` },
  });
  const second = (await json<{ data: { code: string; id: number | string } }>(redeemed)).data;
  await expect
    .poll(async () => (await discounts()).filter((candidate) => candidate.code === second.code).map((candidate) => candidate.status))
    .toEqual(['ACTIVE']);
  const secondReward = (await rewards()).find((candidate) => candidate.code === second.code)!;
  await json(await request.post('/data/v1/customer/points/refund', { headers: api, data: { reward_id: secondReward.id } }));
  await expect
    .poll(async () => (await discounts()).filter((candidate) => candidate.code === second.code).map((candidate) => candidate.status))
    .toEqual(['EXPIRED']);
  // the used code is still the shop's one discount of that code
  expect((await discounts()).filter((candidate) => candidate.code === code)).toHaveLength(1);
});
