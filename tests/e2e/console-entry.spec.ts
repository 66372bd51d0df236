import { expect, test } from '@playwright/test';

test('the server answers its health route', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the console entry sends a visitor without a session to the sign-in flow', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
