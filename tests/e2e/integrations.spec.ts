import { expect, test } from '@playwright/test';
import { expectNoViolations } from './harness/axe.ts';
import { signedInOwner } from './harness/console.ts';

// Integrations (spec §2: /integrations, Custom App, Order History) against the real server and its
// seeded demo.

test('Custom App: an API client is created in a drawer with its secret shown once, works at /oauth/token, and is revoked', async ({ browser }) => {
  const page = await signedInOwner(browser);
  await page.goto('/integrations/custom-app/');
  await expect(page.getByRole('heading', { level: 1, name: 'Custom App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenAPI reference' })).toHaveAttribute('href', '/api/docs');
  await expect(page.getByRole('heading', { name: 'HMAC secret' })).toBeVisible();
  const axe = (where: string) => expectNoViolations(page, where);
  await axe('custom app');

  const name = `E2E client ${Date.now()}`;
  await page.getByRole('button', { name: 'New API client' }).click();
  const drawer = page.getByRole('dialog', { name: 'New API client' });
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('rules:read').check();
  await axe('create drawer');
  await drawer.getByRole('button', { name: 'Create client' }).click();
  const created = page.getByRole('dialog', { name: `Client “${name}” created` });
  await expect(created.getByText('it is shown only once')).toBeVisible();
  const clientId = await created.getByLabel('Client ID').inputValue();
  const secret = await created.getByLabel('Client secret').inputValue();
  expect(secret).toMatch(/^lss_/);
  await axe('secret shown');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toHaveCount(0);

  // the secret is never shown again; the client works against the real server
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('customers:read, rules:read');
  await expect(page.getByText(secret)).toHaveCount(0);
  const token = await page.request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  expect(token.status()).toBe(200);
  const bearer = { Authorization: `Bearer ${(await token.json()).access_token}` };
  expect((await page.request.get('/api/v1/points/list', { headers: bearer })).status()).toBe(200);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Revoke ${name}?` });
  await expect(confirm).toBeVisible();
  await axe('revoke dialog');
  await confirm.getByRole('button', { name: 'Revoke client' }).click();
  await expect(page.getByText(`${name} revoked`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect((await page.request.get('/api/v1/points/list', { headers: bearer })).status()).toBe(401);
});

test('Integrations: the supported apps with their state and last event, set-up in a drawer, the webhook events; axe on each', async ({ browser }) => {
  const page = await signedInOwner(browser);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const apps = page.getByRole('list', { name: 'Apps' });
  for (const name of ['Shopify', 'BigCommerce', 'Neutral order webhook']) await expect(apps.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Webhook events' })).toBeVisible();
  const axe = (where: string) => expectNoViolations(page, where);
  await axe('integrations');
  await page.getByRole('button', { name: 'Set up Neutral order webhook' }).click();
  const drawer = page.getByRole('dialog', { name: 'Set up Neutral order webhook' });
  await expect(drawer.getByText(/\/webhooks\/orders\//)).toBeVisible();
  await axe('set-up drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await page.getByRole('button', { name: 'Re-sync webhooks' }).click();
  await expect(page.getByText(/failed events tried again/)).toBeVisible();
});

test('Order History: the order status settings and the newest orders; axe', async ({ browser }) => {
  const page = await signedInOwner(browser);
  await page.goto('/integrations/store-order/');
  await expect(page.getByRole('heading', { level: 1, name: 'Order History' })).toBeVisible();
  const award = page.getByRole('group', { name: 'Award points when the order is' });
  await expect(award.getByLabel('paid', { exact: true })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Newest orders' })).toBeVisible();
  await expectNoViolations(page, 'order history');
  // a status cannot both award and cancel: the server's own rule, shown before sending
  await page.getByRole('group', { name: 'Take the points back when the order is' }).getByLabel('paid', { exact: true }).check();
  await page.getByRole('button', { name: 'Save order statuses' }).click();
  await expect(page.getByText('A status cannot both award and cancel.')).toBeVisible();
});
