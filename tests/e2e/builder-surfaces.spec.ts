import { expect, test, type Page } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';
import { canvas as canvasOf, frame as frameOf, inspector as inspectorOf, openStudio } from './harness/studio.ts';

// The studios of the widget, the launcher and the sticky bar, and the On-site Display overview,
// against the real server and its seeded demo. One sign-in per file; the tests run in order.

test.describe.configure({ mode: 'serial' });

let page: Page;

const canvas = () => canvasOf(page);
const frame = () => frameOf(page);
const inspector = () => inspectorOf(page);

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
});
test.afterAll(async () => {
  await page.context().close();
});

test('the overview shows the four surfaces with their publish state', async () => {
  await page.goto('/onsite-display');
  for (const name of ['Landing page', 'Widget', 'Launcher', 'Sticky bar']) {
    await expect(page.getByRole('listitem', { name, exact: true })).toBeVisible();
  }
  const card = page.getByRole('listitem', { name: 'Landing page', exact: true });
  await expect(card).toContainText('Live: version');
  await expect(card.getByText(/^(Published|Unpublished changes)$/)).toBeVisible();
  await expect(card).toContainText(/Updated \w{3} \d{1,2}, \d{4}/);
  // the live thumbnail fills the card's top at 16:10; the edit action is a primary button in the accent colour
  const thumbnail = card.locator('iframe');
  await expect(thumbnail).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  const thumbnailBox = (await thumbnail.boundingBox())!;
  expect(Math.abs(thumbnailBox.width - (cardBox.width - 2))).toBeLessThan(2);
  expect(thumbnailBox.height / thumbnailBox.width).toBeCloseTo(10 / 16, 2);
  await expect(card.getByRole('link', { name: 'Edit landing page' })).toHaveCSS('background-color', 'rgb(11, 107, 82)');
});

test('the widget studio edits panels and the launcher per device', async () => {
  await openStudio(page, '/onsite-display/widget');
  await expect(frame().getByRole('dialog')).toBeVisible();
  const panels = page.getByRole('list', { name: 'Panels' });
  await panels.getByRole('listitem', { name: 'VIP' }).getByRole('button', { name: 'VIP' }).click();
  await inspector().getByLabel('Title', { exact: true }).fill('Our VIP club');
  await expect(frame().locator('[data-panel-key=vip] [data-field=title]')).toHaveText('Our VIP club');
  // the panels are craft nodes: hovering one on the canvas outlines it, navigating selects it in the outline
  await frame()
    .locator('[data-panel-key=vip]')
    .hover({ position: { x: 5, y: 5 } });
  await expect(frame().locator('[data-panel-key=vip]')).toHaveAttribute('data-bs-hovered', '');
  await frame().getByRole('button', { name: 'Back' }).click();
  await expect(panels.getByRole('listitem', { name: 'Header' }).getByRole('button', { name: /^Header/ })).toHaveAttribute('aria-pressed', 'true');
  await frame().locator('[data-panel-link=vip]').click();
  await expect(panels.getByRole('listitem', { name: 'VIP' }).getByRole('button', { name: /^VIP/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame().locator('[data-panel-key=vip]')).toHaveAttribute('data-bs-selected', '');
  await panels.getByRole('listitem', { name: 'Sign up' }).getByRole('switch', { name: 'Visible' }).click();
  await page.getByRole('button', { name: 'Widget settings' }).click();
  await expect(frame().locator('[data-panel-link=signup]')).toHaveCount(0);
  // the launcher is a craft node too: a click on it in the canvas selects it
  await frame().locator('[data-bs-owner=launcher]').click();
  await expect(page.getByRole('button', { name: 'Launcher settings' })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame().locator('[data-bs-owner=launcher]')).toHaveAttribute('data-bs-selected', '');
  await inspector().getByLabel('Launcher title', { exact: true }).fill('Bean rewards');
  await expect(frame().getByRole('button', { name: 'Bean rewards' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile', { exact: true }).click();
  await expect(inspector().getByLabel('Launcher title', { exact: true })).not.toHaveValue('Bean rewards');
});

test('the widget canvas draws the store: the launcher at its corner and offsets, the widget open above it at its real size', async () => {
  await openStudio(page, '/onsite-display/widget');
  /** a box in the frame's own CSS pixels, with the frame's viewport */
  const box = (selector: string) =>
    frame()
      .locator(selector)
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        return {
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
          width: r.width,
          vw: el.ownerDocument.documentElement.clientWidth,
          vh: innerHeight,
        };
      });
  await expect(frame().locator('.bs-sample-page')).toBeAttached();
  // clicking the launcher on the canvas selects it
  await frame().locator('.ls-launcher').click();
  await inspector().getByLabel('Placement', { exact: true }).selectOption('right');
  await inspector().getByLabel('Padding side (px)', { exact: true }).fill('40');
  await inspector().getByLabel('Padding bottom (px)', { exact: true }).fill('60');
  await expect.poll(async () => (await box('.ls-launcher')).vh - (await box('.ls-launcher')).bottom).toBe(60);
  const launcher = await box('.ls-launcher');
  const widget = await box('.ls-widget');
  expect(launcher.vw - launcher.right).toBe(40);
  expect(widget.width).toBe(400);
  expect(widget.right).toBe(launcher.right);
  expect(launcher.top - widget.bottom).toBe(12);
  await page.getByRole('radiogroup', { name: 'Device' }).getByText('Mobile', { exact: true }).click();
  await expect.poll(async () => (await box('.ls-widget')).vw).toBe(390);
  const phone = await box('.ls-widget');
  expect([phone.left, phone.width]).toEqual([0, 390]);
  expect((await box('.ls-launcher')).top).toBeGreaterThanOrEqual(phone.bottom);
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Undo', exact: true }).click();
});

test('"Edit launcher" on the On-site Display page opens the widget studio with the launcher selected', async () => {
  await page.goto('/onsite-display');
  await page.getByRole('link', { name: 'Edit launcher' }).click();
  await expect(page).toHaveURL(/\/onsite-display\/widget\?select=launcher$/);
  await expect(canvas()).toHaveAttribute('data-ready', '');
  await expect(inspector().getByLabel('Launcher title', { exact: true })).toBeVisible();
});

test('the sticky bar studio edits the bar and the drawer of each audience', async () => {
  await openStudio(page, '/onsite-display/sticky-bar');
  // the bar is the studio's craft root: hovered it is outlined, clicked selected
  await frame().locator('.ls-bar').hover();
  await expect(frame().locator('[data-bs-owner=bar]')).toHaveAttribute('data-bs-hovered', '');
  await frame().locator('.ls-bar').click();
  await expect(frame().locator('[data-bs-owner=bar]')).toHaveAttribute('data-bs-selected', '');
  // the click works the preview too, as on the storefront: it closed the drawer, a second opens it
  await expect(frame().locator('.ls-drawer')).toBeHidden();
  await frame().locator('.ls-bar').click();
  await expect(frame().locator('.ls-drawer')).toBeVisible();
  await inspector().getByLabel('Text', { exact: true }).fill('Earn 2 points per $1 this week');
  await expect(frame().locator('.ls-bar')).toHaveText('Earn 2 points per $1 this week');
  await inspector().getByLabel('Primary text', { exact: true }).fill('Join the club today');
  await expect(frame().locator('.ls-drawer')).toContainText('Join the club today');
  // the visitor's drawer has a join button, whose page is set here
  await inspector().getByLabel('Join button URL', { exact: true }).fill('https://shop.example/join');
  await expect(frame().locator('.ls-drawer').getByRole('link', { name: 'Join now' })).toHaveAttribute('href', 'https://shop.example/join');
  await page.getByRole('radiogroup', { name: 'Audience' }).getByText('Member', { exact: true }).click();
  await expect(frame().locator('.ls-drawer')).not.toContainText('Join the club today');
  await expect(inspector().getByLabel('Primary text', { exact: true })).not.toHaveValue('Join the club today');
});
