import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';
import { AXE_TAGS } from './harness/page.ts';

// Integrations, outgoing webhooks: an endpoint added with its events, refused when private, removed.
// (The dashboard, analytics and API client flows are in console-shell.spec.ts.)

let receiver: Server;
let base = '';
test.beforeAll(async () => {
  receiver = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

test('outgoing webhooks: an endpoint is added for chosen events, a private address is refused, the delivery log shows; removed; axe', async ({ browser }) => {
  const page = await signedInOwner(browser);
  const axe = async (where: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Outgoing webhooks' });
  await expect(section.getByRole('table', { name: 'Webhook deliveries' })).toBeVisible();
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const drawer = page.getByRole('dialog', { name: 'New endpoint' });
  await axe('new endpoint drawer');
  // a private address: the server refuses it and the form says why, on the field
  await drawer.getByLabel('Endpoint URL (https)').fill('https://10.0.0.7/hook');
  await drawer.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(drawer.getByText(/must point at a public address/).first()).toBeVisible();
  await drawer.getByLabel('Endpoint URL (https)').fill(`${base}/loyalty`);
  await drawer.getByLabel('reward.issued').check();
  await drawer.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(drawer).toHaveCount(0);
  const endpoints = section.getByRole('list', { name: 'Endpoints' });
  await expect(endpoints).toContainText(`${base}/loyalty`);
  await expect(endpoints).toContainText('points.earned, points.redeemed, reward.issued');
  await expect(endpoints).toContainText('0 delivered, 0 waiting, 0 failed');
  await axe('integrations with an endpoint');

  await endpoints.getByRole('button', { name: `Remove endpoint ${base}/loyalty` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this endpoint?' });
  await confirm.getByRole('button', { name: 'Remove endpoint' }).click();
  await expect(page.getByText('Endpoint removed')).toBeVisible();
  await expect(section.getByText('No endpoint yet.')).toBeVisible();
});
