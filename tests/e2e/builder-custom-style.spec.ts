import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { openPublishDialog } from './harness/publish.ts';

// The custom style end to end: set the widget's accent colour in the widget studio, see it on the
// canvas, publish, and see it on the demo storefront's widget; a landing page style saved meanwhile
// in the landing studio (another tab) is neither lost nor published. The real server and its seeded demo.

const ACCENT = '#1f4e79';
const ACCENT_RGB = 'rgb(31, 78, 121)';
const DEMO_STORE = 'Demo Coffee Roasters';

const shortenLoginDelay = (page: Page) =>
  page.addInitScript(() => {
    Object.assign(window, { ['__LS_CONFIG__']: { loginDelayMs: 50 } });
  });

async function signInOnDemoStore(page: Page) {
  await shortenLoginDelay(page);
  await page.goto('/');
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  if ((await page.getByTestId('current-store').textContent())!.trim() !== DEMO_STORE) {
    await page.getByRole('button', { name: /Switch store/ }).click();
    await page
      .getByRole('list', { name: 'Stores' })
      .getByRole('button', { name: new RegExp(DEMO_STORE) })
      .click();
    await expect(page.getByTestId('current-store')).toHaveText(DEMO_STORE);
  }
}

const inspector = (page: Page) => page.getByRole('region', { name: 'Inspector' });
const frame = (page: Page): FrameLocator => page.getByRole('region', { name: 'Canvas' }).frameLocator('iframe[title="Preview"]');
/** The background of the widget's header: the widget's own colour, or its custom accent. */
const headColour = (dialog: ReturnType<Page['getByRole']>) => dialog.evaluate((el) => getComputedStyle(el.querySelector('.ls-w-head')!).backgroundColor);

const openStudio = async (page: Page, path: string) => {
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Canvas' })).toHaveAttribute('data-ready', '');
};

const cornerRadius = (page: Page) => inspector(page).getByRole('region', { name: 'Custom style' }).getByLabel('Corner radius (px)', { exact: true });

test('the widget accent colour set in the studio shows on the canvas and, once published, on the storefront', async ({ page, request }) => {
  await signInOnDemoStore(page);
  // the widget studio is open in a second tab while the landing studio saves a style (not published)
  const widgetTab = await page.context().newPage();
  await openStudio(widgetTab, '/onsite-display/widget');
  await openStudio(page, '/onsite-display/landing-page');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await cornerRadius(page).fill('27');
  await expect(frame(page).locator('.ls-landing')).toHaveAttribute('style', /--ls-radius:\s*27px/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const landingRoot = async () => (await (await request.get('/landing/demo-coffee-roasters')).text()).match(/<div class="ls-root ls-landing"[^>]*>/)![0];

  const canvasWidget = frame(widgetTab).getByRole('dialog');
  await expect(canvasWidget).toBeVisible();
  expect(await headColour(canvasWidget)).not.toBe(ACCENT_RGB);
  await widgetTab.getByRole('button', { name: 'Widget settings' }).click();
  const group = inspector(widgetTab).getByRole('region', { name: 'Custom style' });
  await group.getByLabel('Accent color', { exact: true }).fill(ACCENT);
  await expect.poll(() => headColour(canvasWidget)).toBe(ACCENT_RGB);

  // not on the storefront before publishing
  const before = (await (await request.get('/storefront/v1/demo-coffee-roasters/bootstrap')).json()).data;
  expect(before.customStyles.widget.accent_color).not.toBe(ACCENT);

  // the widget studio saves its style on top of the landing studio's save, and publishes only its own
  await expect((await openPublishDialog(widgetTab)).getByRole('list', { name: 'Changes to publish' })).toContainText('Custom style: widget style changed');
  await widgetTab.getByRole('button', { name: 'Publish now' }).click();
  await expect(widgetTab.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  const after = (await (await request.get('/storefront/v1/demo-coffee-roasters/bootstrap')).json()).data;
  expect(after.customStyles.widget.accent_color).toBe(ACCENT);
  expect(await landingRoot()).not.toContain('--ls-radius:27px');
  await widgetTab.close();

  // the landing studio's saved style is still its draft
  await openStudio(page, '/onsite-display/landing-page');
  await page.getByRole('button', { name: 'Page settings' }).click();
  await expect(cornerRadius(page)).toHaveValue('27');

  const storefront = await page.context().newPage();
  await storefront.goto('/demo/storefront');
  await storefront.getByRole('button', { name: after.documents.launcher.desktop.launcher_title, exact: true }).click();
  const widget = storefront.getByRole('dialog');
  await expect(widget).toBeVisible();
  await expect.poll(() => headColour(widget)).toBe(ACCENT_RGB);
  await storefront.close();
});
