/**
 * Referrals end to end: the owner sets the rewards in the console, the demo member
 * copies their link from the storefront widget, a visitor opens it and takes the friend coupon,
 * the friend's order arrives through a signed webhook, and the console shows the referral
 * completed with the referrer rewarded. axe on the screen.
 */
import { createHmac } from 'node:crypto';
import { axeOn } from './harness/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { contextFromPayload, type StorefrontPayload } from '../../renderers/context.ts';
import { fillPlaceholders } from '../../renderers/format/placeholders.ts';
import type { Launcher, Widget } from '../../renderers/contract/index.ts';
import { panelTextsFor } from '../../renderers/widget/panels.ts';
import { signedInOwner } from './harness/console.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STORE = 'demo-coffee-roasters';
const STORE_TITLE = 'Demo Coffee Roasters';
const FRIEND = 'friend.e2e@example.com';
const axe = (page: Page) => axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser);
  if ((await page.getByTestId('current-store').textContent())!.trim() !== STORE_TITLE) {
    await page.getByRole('button', { name: /Switch store/ }).click();
    await page
      .getByRole('list', { name: 'Stores' })
      .getByRole('button', { name: new RegExp(STORE_TITLE) })
      .click();
    await expect(page.getByTestId('current-store')).toHaveText(STORE_TITLE);
  }
});

test.afterAll(() => page.context().close());

async function apiHeaders() {
  const login = await page.evaluate(() => JSON.parse(localStorage.getItem('root')!).state.user.loginRes);
  return { Authorization: `Bearer ${login.token}`, 'X-Store-Access-Token': login.store_access_token, 'X-User-Access-Token': login.user.user_access_token };
}

/** The revenue of the store's referred orders (minor units), as the console's figures read it. */
async function referralRevenue(): Promise<number> {
  const answer = await page.request.post('/data/v1/transaction/referrals', { headers: await apiHeaders(), data: { page: 1, limit: 1 } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { figures: { revenue_minor: number } } }).data.figures.revenue_minor;
}

test('the owner sets the referral rewards on /referrals/rewards (bad input refused), and the screen passes axe', async () => {
  await page.goto('/referrals/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Referral rewards' });
  // spec §9: give a $5 off coupon, get a 5% off coupon
  await expect(form.getByLabel("Friend's coupon value ($)")).toHaveValue('5.00', { timeout: 30_000 });
  await form.getByLabel("Referrer's reward", { exact: true }).selectOption('percentage');
  await form.getByLabel("Referrer's reward value").fill('150');
  await form.getByRole('button', { name: 'Save referral rewards' }).click();
  await expect(form.getByText('A percentage is between 1 and 100.')).toBeVisible();
  await form.getByLabel("Referrer's reward", { exact: true }).selectOption('points');
  await form.getByLabel("Referrer's reward value").fill('250');
  await form.getByRole('button', { name: 'Save referral rewards' }).click();
  await expect(page.getByText('Referral rewards saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Referral rewards' }).getByLabel("Referrer's reward value")).toHaveValue('250', { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Referrals waiting for review' })).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);
});

test('a member copies the link in the widget, a visitor takes the coupon, orders, and the referrer is rewarded in the console', async ({ browser }) => {
  // the member, on the demo storefront
  const shop = await browser.newPage();
  await shop.goto('/demo/storefront?member=1');
  const signed = await shop.locator('script[src$="/embed/loader.js"]').evaluate((script) => ({
    customerId: script.getAttribute('data-customer-id')!,
    digest: script.getAttribute('data-customer-digest')!,
  }));
  const bootstrap = await shop.request.get(`/storefront/v1/${STORE}/bootstrap?customer_id=${encodeURIComponent(signed.customerId)}&digest=${signed.digest}`);
  const payload = ((await bootstrap.json()) as { data: StorefrontPayload }).data;
  // the offer travels as figures; the renderers word it in the shopper's language and the store's words
  expect(payload.program.referral).toEqual({ referee: { kind: 'amount_off', amountMinor: 500 }, referrer: { kind: 'points', points: 250 } });
  const widget = payload.documents.widget as Widget;
  const ctx = contextFromPayload(payload, 'desktop');
  expect(fillPlaceholders('{friend_reward} / {referral_reward}', ctx)).toBe('$5 off coupon / 250 beans');
  const launcher = fillPlaceholders((payload.documents.launcher as Launcher).desktop.launcher_title.trim() || 'Get Rewarded', ctx);
  await shop.getByRole('button', { name: launcher, exact: true }).click({ timeout: 30_000 });
  const dialog = shop.getByRole('dialog');
  await dialog.getByRole('button', { name: panelTextsFor(widget, 'referral_program', 'member')!.title }).click();
  await dialog.getByRole('button', { name: panelTextsFor(widget, 'referral_program', 'member')!.primary_button_label! }).click();
  const link = await dialog.getByRole('textbox', { name: 'Your referral link' }).inputValue();
  expect(link).toBe(payload.member!.referralLink);
  const code = new URL(link).searchParams.get('ref')!;
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await shop.close();

  // the visitor opens the link on the storefront: the widget opens on the friend's offer, the e-mail takes the coupon
  const visitorPage = await browser.newPage();
  await visitorPage.goto(`/demo/storefront?ref=${encodeURIComponent(code)}`);
  const offer = visitorPage.getByRole('form', { name: 'Take your friend’s coupon' });
  await expect(offer).toContainText('sent you a $5 off coupon.', { timeout: 30_000 });
  await offer.getByLabel('Your e-mail address').fill(FRIEND);
  await offer.getByRole('button', { name: 'Get my coupon' }).click();
  const couponText = visitorPage.getByRole('dialog').locator('[data-referral="coupon"]');
  await expect(couponText).toContainText(/REF-/, { timeout: 30_000 });
  const coupon = (await couponText.locator('.ls-balance').textContent())!.trim();
  expect(coupon).toMatch(/^REF-/);
  // once per e-mail: the same visitor (its token kept in the browser) asking again is refused
  const visitor = await visitorPage.evaluate(() => localStorage.getItem('ls-referral-visitor'));
  expect((await page.request.post(`/storefront/v1/${STORE}/referral/claim`, { data: { visitor, email: FRIEND } })).status()).toBe(409);
  await visitorPage.close();

  // an unknown code: the visitor reads only that the referral could not be completed
  const stranger = await browser.newPage();
  await stranger.goto('/demo/storefront?ref=NOSUCHCODE');
  await expect(stranger.getByRole('dialog')).toContainText('This referral could not be completed.', { timeout: 30_000 });
  await stranger.close();

  // the friend's first order, paid with the coupon, through a signed webhook
  const secret = (await (await page.request.post('/api/v1/store/setting/generate-hmac-secrets', { headers: await apiHeaders() })).json()).data.hmac_secret;
  const body = JSON.stringify({
    event_id: 'e2e-referral-1',
    type: 'order.paid',
    order: {
      id: 'E2E-REF-1',
      number: '#8101',
      status: 'paid',
      currency: 'USD',
      amounts: { items: 6_000, total: 6_000 },
      customer: { email: FRIEND, first_name: 'Fran', last_name: 'Friend' },
      discount_codes: [coupon],
      placed_at: new Date().toISOString(),
    },
  });
  // the demo's own referrals already brought revenue: this order adds its $60.00
  const revenueBefore = await referralRevenue();
  const sent = await page.request.post(`/webhooks/orders/${STORE}`, {
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
    data: body,
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // the console: the referral completed, the referrer rewarded, the figures counted
  await page.goto('/referrals/rewards');
  const table = page.getByRole('table', { name: 'Referrals', exact: true });
  const row = table.getByRole('row').filter({ hasText: FRIEND });
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(table).toBeVisible({ timeout: 30_000 });
        return (await row.textContent()) ?? '';
      },
      { timeout: 60_000 },
    )
    .toContain('Completed');
  await expect(row).toContainText('#8101');
  await expect(row).toContainText('referrer rewarded');
  const revenue = (revenueBefore + 6_000) / 100;
  await expect(page.getByRole('region', { name: 'Figures' })).toContainText(revenue.toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
  expect((await axe(page).analyze()).violations).toEqual([]);

  // the referrer's customer page lists the referral, completed
  const referrals = await page.request.post('/data/v1/transaction/referrals', { headers: await apiHeaders(), data: { search: FRIEND } });
  const referrer = ((await referrals.json()) as { data: { data: Array<{ referrer: { id: number } }> } }).data.data[0]!.referrer.id;
  await page.goto(`/customers/details?id=${referrer}`);
  const own = page.getByRole('table', { name: 'Referrals of this customer' });
  await expect(own.getByRole('row').filter({ hasText: FRIEND })).toContainText('Completed', { timeout: 30_000 });
});
