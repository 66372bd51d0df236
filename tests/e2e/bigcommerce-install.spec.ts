/**
 * A BigCommerce store installs the app, against the real server and the BigCommerce stand-in
 * (tests/platforms/bigcommerce, started beside the servers): the merchant lands signed in on
 * onboarding, the loader installed through the Scripts API identifies a signed-in shopper by the
 * storefront's current customer JWT, an uninstall stops the embed, a reinstall brings the program back.
 */
import { expect, test } from '@playwright/test';
import { installStore, openStorefront, standIn, standInCall } from './harness/bigcommerce.ts';

test('a BigCommerce store installs, knows its members by their JWT, stops on uninstall and comes back on reinstall', async ({ page, request }) => {
  const hash = `e2e${Date.now().toString(36)}`;
  const owner = { id: 1, email: `owner-${hash}@trail.example` };
  const install = () => installStore(page, request, hash, owner);

  // install: the merchant lands signed in on onboarding
  await install();
  await expect(page).toHaveURL(/\/onboarding/);
  // the setup job installs the loader (Scripts API) and the hooks (v3)
  await expect.poll(async () => (await standInCall<unknown[]>(request, `/_test/scripts?store_hash=${hash}`)).length).toBe(1);
  await expect.poll(async () => (await standInCall<unknown[]>(request, `/_test/hooks?store_hash=${hash}`)).length).toBe(9);

  // a signed-in shopper: the loader asks the storefront for the current customer JWT
  await standInCall(request, '/_test/customers', {
    store_hash: hash,
    customers: [{ id: 501, email: 'jo@trail.example', first_name: 'Jo', last_name: 'Hiker', customer_group_id: 0, date_created: new Date().toISOString() }],
  });
  const answer = await openStorefront(page, hash, 501);
  expect(answer.status()).toBe(200);
  const payload = (await answer.json()).data as { storeKey: string; member: { email: string } | null; shopper: { customer_id: string } };
  expect(payload.member?.email).toBe('jo@trail.example');
  expect(payload.shopper.customer_id).toBe('501');
  const embed = page.locator(`[data-loyalty-studio="${payload.storeKey}"]`);
  await expect(embed.getByRole('button').first()).toBeVisible();

  // uninstall: BigCommerce revokes the token and calls back; the embed answers as for an unknown store
  const { jwt } = await standInCall<{ jwt: string }>(request, '/_test/uninstall', { store_hash: hash });
  expect((await request.get(`/platforms/bigcommerce/uninstall?signed_payload_jwt=${jwt}`)).status()).toBe(200);
  const closed = await request.get(`/storefront/v1/${payload.storeKey}/bootstrap`);
  expect(closed.status()).toBe(404);
  await page.goto(`${standIn}/_test/storefront?store_hash=${hash}&customer_id=501`);
  await expect(page.getByText('Signed in as jo@trail.example')).toBeVisible();
  await expect(embed).toHaveCount(0);

  // reinstall: the same store and program, the loader installed again, the member known again
  await install();
  await expect(page).toHaveURL(/\/(onboarding|home)/);
  await expect.poll(async () => (await standInCall<unknown[]>(request, `/_test/scripts?store_hash=${hash}`)).length).toBe(1);
  const again = await openStorefront(page, hash, 501);
  expect(again.status()).toBe(200);
  const restored = (await again.json()).data as {
    storeKey: string;
    member: { email: string };
    program: { waysToEarn: Array<{ title: string; points?: number }> };
  };
  expect(restored.storeKey).toBe(payload.storeKey);
  expect(restored.member.email).toBe('jo@trail.example');
  expect(restored.program.waysToEarn.map((way) => way.title)).toEqual(['Place an order', 'Sign up']);
  await expect(embed.getByRole('button').first()).toBeVisible();
});
