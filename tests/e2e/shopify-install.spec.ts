import { expect, test, type APIRequestContext } from '@playwright/test';

// The Shopify stand-in the e2e servers start beside each server (scripts/e2e-servers.mjs): its port + 50.
const standInOf = (baseURL: string | undefined) => `http://127.0.0.1:${Number(new URL(baseURL!).port) + 50}`;
const SHOP = 'e2e-shop.myshopify.com';

const installLink = async (request: APIRequestContext, standIn: string) =>
  ((await (await request.get(`${standIn}/_test/install-link?shop=${SHOP}`)).json()) as { url: string }).url;

const bootstrapStatus = async (request: APIRequestContext) => (await request.get('/storefront/v1/e2e-shop/bootstrap')).status();

test('a Shopify shop installs through OAuth and lands on onboarding; app/uninstalled stops the embed; a reinstall restores the program', async ({
  page,
  request,
  baseURL,
}) => {
  const standIn = standInOf(baseURL);
  await page.goto(await installLink(request, standIn));
  await expect(page).toHaveURL(/\/onboarding$/);

  // the default program answers the storefront at once
  const bootstrap = await request.get('/storefront/v1/e2e-shop/bootstrap');
  expect(bootstrap.status()).toBe(200);
  const program = JSON.stringify(await bootstrap.json());
  expect(program).toContain('Place an order');
  expect(program).toContain('$5 off coupon');

  // the server's job subscribes the shop to its webhooks
  await expect
    .poll(async () => ((await (await request.get(`${standIn}/_test/subscriptions?shop=${SHOP}`)).json()) as { subscriptions: unknown[] }).subscriptions.length)
    .toBe(12);

  const uninstall = await request.post(`${standIn}/_test/webhooks`, { data: { shop: SHOP, topic: 'app/uninstalled', payload: { domain: SHOP } } });
  expect(((await uninstall.json()) as { deliveries: Array<{ status: number }> }).deliveries).toEqual([expect.objectContaining({ status: 200 })]);
  expect(await bootstrapStatus(request)).toBe(404);

  await page.goto(await installLink(request, standIn));
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await bootstrapStatus(request)).toBe(200);
  expect(JSON.stringify(await (await request.get('/storefront/v1/e2e-shop/bootstrap')).json())).toContain('$5 off coupon');
});
