import { expect, test } from '@playwright/test';

// The built-in sign-in provider, against the real server with its freshly seeded demo.
test('signs in as the demo owner and hands the console a one-time code', async ({ page, request }) => {
  // keep the console's auth-check page (if it already exchanges codes) from using the code first
  await page.route('**/api/v1/account/login', (route) => route.abort());
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth-check\?code=[\w-]+$/);
  const code = new URL(page.url()).searchParams.get('code')!;
  // the code is bound to this browser's sign-in: another one (no verifier, or its own) gets nothing
  const code_verifier = (await page.evaluate(() => sessionStorage.getItem('ls_sign_in_verifier')))!;
  expect((await request.post('/api/v1/account/login', { data: { code } })).status()).toBe(422);
  expect((await request.post('/api/v1/account/login', { data: { code, code_verifier: 'x'.repeat(43) } })).status()).toBe(401);

  const exchanged = await request.post('/api/v1/account/login', { data: { code, code_verifier } });
  expect(exchanged.status()).toBe(200);
  const { data } = await exchanged.json();
  expect(data.user).toMatchObject({ email: 'owner@demo.shop', role: 'owner', store: { title: 'Demo Outdoor Co.' } });
  const headers = {
    authorization: `Bearer ${data.token}`,
    'x-store-access-token': data.store_access_token,
    'x-user-access-token': data.user.user_access_token,
  };
  const stores = await request.get('/api/v1/store/list', { headers });
  expect((await stores.json()).data.map((store: { store_name: string }) => store.store_name)).toEqual(['demo-outdoor-co', 'demo-coffee-roasters']);
  expect((await request.post('/api/v1/account/login', { data: { code, code_verifier } })).status()).toBe(401);

  // the provider remembers the sign-in until /auth/logout
  await page.goto('/auth/login');
  await page.waitForURL(/\/auth-check\?code=/);
  // signing out takes a POST: a plain visit only offers the button
  const visit = await page.goto('/auth/logout');
  expect(visit?.status()).toBe(405);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You have been signed out.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('shows a clear message on a wrong password', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('staff@demo.shop');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page.getByLabel('Email')).toHaveValue('staff@demo.shop');
});
