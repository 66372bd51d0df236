import { expect, test } from '@playwright/test';

// The API reference renders under the console's security headers.
test('browses the OpenAPI reference at /api/docs', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  // Swagger UI renders the whole document (every route of the spec) before its heading
  await expect(page.getByRole('heading', { name: /Loyalty Studio API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/account/login').first()).toBeVisible({ timeout: 60_000 });
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});
