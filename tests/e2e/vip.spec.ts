import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';

// The VIP screen against the real server and its seeded demo: create a tier, watch the
// simulation, save, the job moves members, the storefront shows the member's tier.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STORE = 'demo-coffee-roasters';
const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
const stat = (page: Page, label: string) => page.locator('.ls-stat', { hasText: label }).locator('.ls-stat__value');

test('create a tier, watch the simulation, save, and the storefront shows the member their tier', async ({ browser, request }) => {
  const page = await signedInOwner(browser);
  // the demo storefront's signed member belongs to the coffee store
  if ((await page.getByTestId('current-store').textContent())!.trim() !== 'Demo Coffee Roasters') {
    await page.getByRole('button', { name: /Switch store/ }).click();
    await page
      .getByRole('list', { name: 'Stores' })
      .getByRole('button', { name: /Demo Coffee Roasters/ })
      .click();
    await expect(page.getByTestId('current-store')).toHaveText('Demo Coffee Roasters');
  }
  await page.goto('/rewards-loyalty/vip');
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty Program' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'VIP tiers' }).or(page.getByText('No tiers yet'))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No tiers yet')).toBeVisible();
  expect((await axe(page).analyze()).violations).toEqual([]);

  await page.getByRole('button', { name: 'Add tier' }).click();
  const form = page.getByRole('form', { name: 'New tier' });
  await form.getByLabel('Tier name').fill('E2E Gold');
  const simulated = page.waitForResponse(
    (response) => response.url().includes('/vip/simulate') && response.request().postData()?.includes('"threshold":1,') === true,
  );
  await form.getByLabel('Threshold').fill('1');
  await form.getByLabel('Entry reward (points)').fill('25');
  const answer = (await (await simulated).json()) as { data: { members: number; moved_up: number } };
  expect(answer.data.moved_up).toBeGreaterThan(0);
  await expect(stat(page, 'Members measured')).toHaveText(answer.data.members.toLocaleString('en-US'));
  await expect(stat(page, 'Move up')).toHaveText(answer.data.moved_up.toLocaleString('en-US'));
  await expect(stat(page, 'Entry reward points')).toHaveText((answer.data.moved_up * 25).toLocaleString('en-US'));
  expect((await axe(page).analyze()).violations).toEqual([]);

  await form.getByRole('button', { name: 'Save tier' }).click();
  // saving waits for the last simulation (the entry reward was just typed), then starts the job
  await expect(page.getByText('Moving members to their tiers')).toBeVisible();
  await expect(page.locator('.ls-job [role="status"]')).toHaveText('Done', { timeout: 60_000 });
  const row = page.getByRole('row', { name: /E2E Gold/ });
  await expect(row).toContainText(answer.data.moved_up.toLocaleString('en-US'));

  await page.goto('/demo/storefront?member=1');
  const signed = await page.locator('script[src$="/embed/loader.js"]').evaluate((script) => ({
    customerId: script.getAttribute('data-customer-id')!,
    digest: script.getAttribute('data-customer-digest')!,
  }));
  const member = await request.get(`/storefront/v1/${STORE}/member?customer_id=${encodeURIComponent(signed.customerId)}&digest=${signed.digest}`);
  expect(member.status()).toBe(200);
  const data = ((await member.json()) as { data: { tier: { current?: string }; lifetimePoints: number } }).data;
  expect(data.lifetimePoints).toBeGreaterThan(0);
  expect(data.tier.current).toBe('E2E Gold');
  const boot = await request.get(`/storefront/v1/${STORE}/bootstrap`);
  const tiers = ((await boot.json()) as { data: { program: { vipTiers: Array<{ name: string; rewards?: string[] }> } } }).data.program.vipTiers;
  expect(tiers).toEqual([expect.objectContaining({ name: 'E2E Gold', rewards: ['25 bonus beans on reaching the tier'] })]);
  await page.context().close();
});
