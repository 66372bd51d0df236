import { axeOn } from './harness/axe.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ownerApiHeaders, signedInOwner } from './harness/console.ts';

// The VIP screen against the real server and its seeded demo: the demo ladder with its members,
// then a new tier: watch the simulation, save, the job moves members, the storefront shows the member's tier.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const STORE = 'demo-coffee-roasters';
const axe = (page: Page) => axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
const stat = (page: Page, label: string) => page.locator('.ls-stat', { hasText: label }).locator('.ls-stat__value');

/** The demo storefront's signed-in member (its loader tag) and their state as the storefront reads it. */
async function demoMember(request: APIRequestContext) {
  const html = await (await request.get('/demo/storefront?member=1')).text();
  const customerId = /data-customer-id="([^"]+)"/.exec(html)?.[1];
  const digest = /data-customer-digest="([0-9a-f]+)"/.exec(html)?.[1];
  expect(customerId && digest, 'the demo storefront signs a member in').toBeTruthy();
  const member = await request.get(`/storefront/v1/${STORE}/member?customer_id=${encodeURIComponent(customerId!)}&digest=${digest}`);
  expect(member.status()).toBe(200);
  return ((await member.json()) as { data: { customerId: string; tier: { current?: string }; lifetimePoints: number } }).data;
}

/**
 * The figure a member's tier rests on, as the data host reads it: the points they earned, tier
 * rewards (an entry reward, a tier's birthday bonus) left out, which the storefront's lifetime
 * total counts.
 */
async function tierFigure(request: APIRequestContext, customerId: string): Promise<number> {
  const answer = await request.post('/data/v1/vip/tiers', { headers: await ownerApiHeaders(request, STORE), data: { customer_id: Number(customerId) } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { member: { value: number } } }).data.member.value;
}

const SEEDED_TIERS = [
  { name: 'Green Bean', threshold: 100 },
  { name: 'Medium Roast', threshold: 400 },
  { name: 'Dark Roast', threshold: 800 },
];

test('the demo ladder lists its members; a new tier, simulated and saved, moves the member and the storefront shows it', async ({ browser, request }) => {
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
  // the seeded program: three tiers, lowest first, each holding members
  const table = page.getByRole('table', { name: 'VIP tiers' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('rowheader')).toHaveText(SEEDED_TIERS.map((tier) => tier.name));
  for (const tier of SEEDED_TIERS) {
    const members = await table
      .getByRole('row', { name: new RegExp(`^${tier.name}`) })
      .getByRole('cell')
      .nth(1)
      .textContent();
    expect(Number(members!.replace(/,/g, '')), `${tier.name} has members`).toBeGreaterThan(0);
  }
  expect((await axe(page).analyze()).violations).toEqual([]);

  // the new tier sits at the member's own figure, above the tier they hold: they move up into it
  const before = await demoMember(request);
  const threshold = await tierFigure(request, before.customerId);
  expect(SEEDED_TIERS.map((tier) => tier.threshold)).not.toContain(threshold);
  await page.getByRole('button', { name: 'Add tier' }).click();
  const form = page.getByRole('form', { name: 'New tier' });
  await form.getByLabel('Tier name').fill('E2E Gold');
  const simulated = page.waitForResponse(
    (response) => response.url().includes('/vip/simulate') && response.request().postData()?.includes(`"threshold":${threshold},`) === true,
  );
  await form.getByLabel('Threshold').fill(String(threshold));
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
  // the job measures every member afresh: those the simulation counted, and any whose figures moved since they were last measured
  const ladder = (await (await request.get('/api/v1/vip?limit=50&page=1', { headers: await ownerApiHeaders(request, STORE) })).json()) as {
    data: { data: Array<{ name: string; members: number }> };
  };
  const saved = ladder.data.data.find((tier) => tier.name === 'E2E Gold')!;
  expect(saved.members).toBeGreaterThanOrEqual(answer.data.moved_up);
  await expect(
    page
      .getByRole('row', { name: /E2E Gold/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText(saved.members.toLocaleString('en-US'));

  const data = await demoMember(request);
  expect(data.lifetimePoints).toBeGreaterThan(0);
  expect(data.tier.current).toBe('E2E Gold');
  const boot = await request.get(`/storefront/v1/${STORE}/bootstrap`);
  const tiers = ((await boot.json()) as { data: { program: { vipTiers: Array<{ name: string; rewards?: string[] }> } } }).data.program.vipTiers;
  expect(tiers.map((tier) => tier.name)).toEqual(
    [...SEEDED_TIERS, { name: 'E2E Gold', threshold }].sort((a, b) => a.threshold - b.threshold).map((tier) => tier.name),
  );
  expect(tiers.find((tier) => tier.name === 'E2E Gold')).toEqual(expect.objectContaining({ rewards: ['25 bonus beans on reaching the tier'] }));
  await page.context().close();
});
