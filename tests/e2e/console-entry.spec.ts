import { expect, test } from '@playwright/test';

test('the server answers its health route', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the console entry page loads and renders', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Loyalty Studio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loyalty Studio');
});
