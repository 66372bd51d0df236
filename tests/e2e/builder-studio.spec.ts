import { expect, test, type Browser, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';

// The builder studio against the real server and its seeded demo, by the names of DESIGN.md §4.
// One sign-in per run (the server limits sign-ins); the tests run in order on one document.

test.describe.configure({ mode: 'serial' });

const shortenLoginDelay = (target: Page | BrowserContext) =>
  target.addInitScript(() => { Object.assign(window, { ['__LS_CONFIG__']: { loginDelayMs: 50 } }); });

let context: BrowserContext;
let page: Page;

async function signIn(browser: Browser) {
  context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await shortenLoginDelay(context);
  page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
}

const canvas = (p: Page = page) => p.getByRole('region', { name: 'Canvas' });
const frame = (p: Page = page): FrameLocator => canvas(p).frameLocator('iframe[title="Preview"]');
const sections = (p: Page = page) => p.getByRole('list', { name: 'Sections' });
const item = (name: string, p: Page = page) => sections(p).getByRole('listitem', { name, exact: true });
const inspector = (p: Page = page) => p.getByRole('region', { name: 'Inspector' });
const outlineOrder = (p: Page = page) => sections(p).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
const canvasOrder = (p: Page = page) => frame(p).locator('[data-section-type]').evaluateAll((els) => els.map((e) => e.getAttribute('data-section-type')));

async function openLandingStudio(p: Page = page) {
  await p.goto('/onsite-display/landing-page');
  await expect(canvas(p)).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await expect(frame(p).locator('[data-section-type=header]')).toBeVisible();
}

test.beforeAll(async ({ browser }) => { await signIn(browser); });
test.afterAll(async () => { await context.close(); });

test('the studio opens without the admin frame, with the canvas styled by the renderers', async () => {
  await openLandingStudio();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  for (const name of ['Undo', 'Redo', 'Save', 'Publish']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Audience' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Device' })).toBeVisible();
  // the renderers' stylesheet reached the frame: sections are laid out by it
  const display = await frame().locator('.ls-grid').first().evaluate((el) => getComputedStyle(el).display);
  expect(display).toBe('grid');
  for (const name of ['Banner', 'Header', 'How it works', 'Ways to earn', 'Ways to redeem', 'Referral', 'VIP tiers', 'Timeline', 'Reward list']) {
    await expect(item(name)).toBeVisible();
  }
});

test('editing a title in the Inspector shows it in the canvas at once', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  const title = inspector().getByLabel('Title', { exact: true });
  await title.fill('Rewards for coffee lovers');
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers');
  await title.press('End');
  await title.pressSequentially('!', { delay: 20 });
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('clicking a section on the canvas selects it in the outline and the inspector', async () => {
  await frame().locator('[data-section-type=referral]').click({ position: { x: 5, y: 5 } });
  await expect(item('Referral').getByRole('button', { name: 'Referral', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(inspector().getByRole('heading', { name: 'Referral', level: 2 })).toBeVisible();
});

test('switching Audience previews and edits the other variant', async () => {
  const banner = frame().locator('[data-section-type=banner] [data-field=title]');
  await expect(frame().locator('.ls-landing')).toHaveAttribute('data-audience', 'visitor');
  const visitorTitle = await banner.textContent();
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Member', { exact: true }).click();
  await expect(frame().locator('.ls-landing')).toHaveAttribute('data-audience', 'member');
  await expect(banner).not.toHaveText(visitorTitle ?? '');
  // the inspector now edits the member variant only
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Title', { exact: true }).fill('Welcome back, {first_name}');
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Welcome back, Alex');
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Visitor', { exact: true }).click();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('switching Device gives the frame a phone width and the mobile layout', async () => {
  const columns = () => frame().locator('[data-section-type=ways_to_earn] .ls-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(await columns()).toBe(3);
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile', { exact: true }).click();
  await expect(canvas()).toHaveAttribute('data-device', 'mobile');
  await expect.poll(columns).toBe(1);
  const width = await page.locator('iframe[title="Preview"]').evaluate((el) => (el as HTMLIFrameElement).contentWindow!.innerWidth);
  expect(width).toBe(390);
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Desktop', { exact: true }).click();
  await expect.poll(columns).toBe(3);
});

test('sections reorder with the keyboard', async () => {
  const before = await outlineOrder();
  expect(before.slice(0, 2)).toEqual(['Banner', 'Header']);
  await item('Banner').getByRole('button', { name: 'Reorder Banner' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(outlineOrder).toEqual(['Header', 'Banner', ...before.slice(2)]);
  await expect.poll(canvasOrder).toEqual(expect.arrayContaining(['header', 'banner']));
  expect((await canvasOrder()).slice(0, 2)).toEqual(['header', 'banner']);
});

test('a section can be hidden, and undo and redo walk back and forth', async () => {
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  const visible = item('Timeline').getByRole('switch', { name: 'Visible' });
  await visible.click();
  await expect(visible).toHaveAttribute('aria-checked', 'false');
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
  // keyboard: Ctrl+Z undoes, Ctrl+Y redoes
  await page.locator('body').press('Control+z');
  await expect(frame().locator('[data-section-type=timeline]')).toBeVisible();
  await page.locator('body').press('Control+y');
  await expect(frame().locator('[data-section-type=timeline]')).toHaveCount(0);
});

test('typing is one undo step', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  const title = inspector().getByLabel('Title', { exact: true });
  await title.focus();
  await title.press('End');
  await title.pressSequentially(' Join', { delay: 30 });
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers! Join');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
});

test('save, reload: the same document', async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 10_000 });
  const order = await outlineOrder();
  await openLandingStudio();
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Rewards for coffee lovers!');
  expect(await outlineOrder()).toEqual(order);
  await expect(item('Timeline').getByRole('switch', { name: 'Visible' })).toHaveAttribute('aria-checked', 'false');
});

test('publishing puts the change on the storefront landing page', async () => {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible({ timeout: 10_000 });
  const storeKey = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').state?.user?.users?.store?.store_name as string);
  expect(storeKey).toBeTruthy();
  const published = await page.request.get(`/landing/${storeKey}`);
  expect(published.ok()).toBe(true);
  const html = await published.text();
  expect(html).toContain('Rewards for coffee lovers!');
  expect(html).not.toContain('data-section-type="timeline"');
});

test('publishing is refused, with the reason, when text is unreadable', async () => {
  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Font color', { exact: true }).fill('#f4f4f4');
  await inspector().getByLabel('Font color', { exact: true }).blur();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /hard to read.*4\.5:1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
});

test('a stale save (another tab saved first) shows a conflict, never a silent loss', async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 10_000 });
  const other = await context.newPage();
  await openLandingStudio(other);
  await item('Header', other).getByRole('button', { name: 'Header', exact: true }).click();
  await inspector(other).getByLabel('Title', { exact: true }).fill('Saved in another tab');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 10_000 });
  await other.close();

  await item('Header').getByRole('button', { name: 'Header', exact: true }).click();
  await inspector().getByLabel('Title', { exact: true }).fill('Saved in this tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'saved somewhere else' })).toBeVisible({ timeout: 10_000 });
  await expect(frame().locator('[data-section-type=header] [data-field=title]')).toHaveText('Saved in this tab');
  await page.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 10_000 });
});

test('the overview shows the four surfaces with their publish state', async () => {
  await page.goto('/onsite-display');
  for (const name of ['Landing page', 'Widget', 'Launcher', 'Sticky bar']) {
    await expect(page.getByRole('listitem', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('listitem', { name: 'Landing page', exact: true })).toContainText('Published (version');
});

test('the widget studio edits panels and the launcher per device', async () => {
  await page.goto('/onsite-display/widget');
  await expect(canvas()).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Launcher settings' }).click();
  await inspector().getByLabel('Launcher title', { exact: true }).fill('Bean rewards');
  await expect(frame().getByRole('button', { name: 'Bean rewards' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile', { exact: true }).click();
  await expect(inspector().getByLabel('Launcher title', { exact: true })).not.toHaveValue('Bean rewards');
});
