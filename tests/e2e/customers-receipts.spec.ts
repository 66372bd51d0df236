import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { contextFromPayload, type StorefrontPayload } from '../../renderers/context.ts';
import { fillPlaceholders } from '../../renderers/format/index.ts';
import type { Launcher, Widget } from '../../renderers/contract/index.ts';
import { panelTextsFor } from '../../renderers/widget/panels.ts';
import { axeOn } from './harness/axe.ts';
import { AXE_TAGS } from './harness/page.ts';

// Receipt moderation against the real server: the demo storefront's signed-in
// shopper sends two in-store receipts through the storefront API; staff approve one (points by
// the order rule, once) and reject the other with a reason; the shopper reads both outcomes.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STORE_KEY = 'demo-coffee-roasters';
const STORE_TITLE = 'Demo Coffee Roasters';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1400, height: 900 } });
});

/** No axe violation on the console page, or on another page (the storefront) as it is now. */
const axe = async (on: Page = page) => {
  const result = await axeOn(on).withTags(AXE_TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
};

/** The demo storefront's signed-in shopper (the loader tag of /demo/storefront?member=1). */
async function demoShopper(request: APIRequestContext) {
  const html = await (await request.get('/demo/storefront?member=1')).text();
  const customerId = /data-customer-id="([^"]+)"/.exec(html)?.[1];
  const digest = /data-customer-digest="([0-9a-f]+)"/.exec(html)?.[1];
  expect(customerId && digest, 'the demo storefront signs a shopper in').toBeTruthy();
  return { customer_id: customerId!, digest: digest! };
}

/** The demo storefront as its signed-in shopper, with the widget's points panel open. */
async function openPointsPanel(browser: Browser, request: APIRequestContext, shopper: { customer_id: string; digest: string }) {
  const payload = (await (await request.get(`/storefront/v1/${STORE_KEY}/bootstrap?${new URLSearchParams(shopper)}`)).json()).data as StorefrontPayload;
  const ctx = contextFromPayload(payload, 'desktop');
  const widget = payload.documents.widget as Widget;
  const launcher = payload.documents.launcher as Launcher;
  // a context of its own: axe reaches into a page's frames only through one
  const storefront = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await storefront.goto('/demo/storefront?member=1');
  await storefront.getByRole('button', { name: fillPlaceholders(launcher.desktop.launcher_title.trim() || 'Get Rewarded', ctx), exact: true }).click();
  const dialog = storefront.getByRole('dialog', { name: fillPlaceholders(panelTextsFor(widget, 'header', 'member')?.title || 'Rewards', ctx) });
  await dialog.getByRole('button', { name: fillPlaceholders(panelTextsFor(widget, 'reward_points', 'member')!.title, ctx), exact: true }).click();
  return { storefront, dialog };
}

test('a shopper’s receipts are approved once by the order rule and rejected with a reason the shopper reads', async ({ request, browser }) => {
  const shopper = await demoShopper(request);
  const send = (amount: string) =>
    request.post(`/storefront/v1/${STORE_KEY}/receipts?${new URLSearchParams({ ...shopper, amount })}`, {
      multipart: { receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG } },
    });
  const mine = async () =>
    (await (await request.get(`/storefront/v1/${STORE_KEY}/receipts?${new URLSearchParams(shopper)}`)).json()).data as Array<{
      id: number;
      amount_minor: number;
      status: string;
      points: number | null;
      reason: string | null;
    }>;

  // the first receipt through the widget's points panel (its upload loads when the panel opens)
  const { storefront, dialog: widget } = await openPointsPanel(browser, request, shopper);
  await expect(widget.getByLabel('Photo of the receipt')).toBeVisible();
  await axe(storefront);
  await widget.getByLabel('Amount paid').fill('12.34');
  await widget.getByRole('button', { name: 'Send receipt' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Choose a photo of the receipt');
  await axe(storefront);
  await widget.getByLabel('Photo of the receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await widget.getByRole('button', { name: 'Send receipt' }).click();
  await expect(widget.getByText('Receipt sent: we will review it soon.')).toBeVisible();
  await expect(widget.getByRole('list', { name: 'Your receipts' }).getByRole('listitem').first()).toHaveText('$12.34 · Waiting for review');
  await axe(storefront);
  const approveId = (await mine()).find((row) => row.amount_minor === 1234 && row.status === 'pending')!.id;
  await storefront.context().close();

  const second = await send('5.00');
  expect(second.status(), await second.text()).toBe(201);
  const rejectId = (await second.json()).data.id as number;
  // a file that is not an image is refused
  const bad = await request.post(`/storefront/v1/${STORE_KEY}/receipts?${new URLSearchParams({ ...shopper, amount: '1' })}`, {
    multipart: { receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4\n') } },
  });
  expect(bad.status()).toBe(422);

  // the store turns amounts into points by its order rule: 1 point per $1
  const headers = await ownerApiHeaders(request, STORE_KEY);
  const rule = await request.post('/api/v1/points/store', { headers, data: { type: 'order', title: 'Receipts and orders', points: 1 } });
  expect(rule.status(), await rule.text()).toBe(201);

  await switchConsoleStore(page, STORE_TITLE);
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Receipts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt Moderation' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Receipts' });
  const approveRow = table.getByRole('row').filter({ has: page.getByRole('img', { name: new RegExp(`^Receipt #${approveId} from`) }) });
  await expect(approveRow).toContainText('$12.34');
  await expect(approveRow.getByRole('img')).toHaveJSProperty('complete', true);
  await axe();

  await approveRow.getByRole('button', { name: `Approve receipt #${approveId}` }).click();
  await expect(page.getByText(`Receipt #${approveId} approved: 12 points`)).toBeVisible();
  await expect(approveRow).toHaveCount(0);

  const rejectRow = table.getByRole('row').filter({ has: page.getByRole('img', { name: new RegExp(`^Receipt #${rejectId} from`) }) });
  await rejectRow.getByRole('button', { name: `Reject receipt #${rejectId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject receipt' });
  await dialog.getByRole('button', { name: 'Reject receipt' }).click();
  await expect(dialog.getByText('Say why the receipt is rejected')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The total is not readable');
  await axe();
  await dialog.getByRole('button', { name: 'Reject receipt' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rejectRow).toHaveCount(0);

  await page.getByLabel('Show').selectOption('all');
  await expect(table.getByRole('row').filter({ hasText: 'The total is not readable' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '12 points, by Olivia Owner' }).first()).toBeVisible();
  await axe();

  // the shopper reads both outcomes, in the widget and through the API; approving again credits nothing
  const reopened = await openPointsPanel(browser, request, shopper);
  const list = reopened.dialog.getByRole('list', { name: 'Your receipts' });
  await expect(list).toContainText('$12.34 · Approved: +12');
  await expect(list).toContainText('$5.00 · Not accepted: The total is not readable');
  await axe(reopened.storefront);
  await reopened.storefront.context().close();
  const outcomes = await mine();
  expect(outcomes.find((row) => row.id === approveId)).toMatchObject({ status: 'approved', points: 12 });
  expect(outcomes.find((row) => row.id === rejectId)).toMatchObject({ status: 'rejected', reason: 'The total is not readable' });
  const again = await request.post('/data/v1/receipt/review', { headers, data: { receipt_id: approveId, action: 'approve' } });
  expect(again.status()).toBe(409);
});
