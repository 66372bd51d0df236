import { expect, test } from '@playwright/test';

// The API reference renders under the console's security headers.
test('browses the OpenAPI reference at /api/docs', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Loyalty Studio API/ })).toBeVisible();
  // Swagger UI draws the operations near the viewport only: the tag filter brings the session's
  await page.getByPlaceholder(/Filter by tag/i).fill('session');
  await expect(page.getByText('/api/v1/account/login').first()).toBeVisible();
  await expect(page.getByText('/api/v1/apps/info')).toHaveCount(0);
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});
