/**
 * Keyboard and layout behaviour of the storefront surfaces, with React and with Preact
 * (preact/compat, as the storefront embed ships them): launcher → panel → back → Esc with focus
 * back on the launcher; the launcher is at least 44×44 px; the sticky bar never hides the focused
 * element; reduced motion turns animation off.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import { buildHarness, type Flavour } from './harness/build.ts';
import { openHarness } from './harness/page.ts';

// independent pages of the renderer harness: the tests spread over the workers
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await Promise.all([buildHarness('preact'), buildHarness('react')]);
});

async function tabTo(page: Page, name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

for (const flavour of ['preact', 'react'] as Flavour[]) {
  for (const audience of ['visitor', 'member'] as const) {
    test(`${flavour} · ${audience}: launcher → panel → back → Esc returns focus to the launcher`, async ({ page, context }) => {
      await openHarness(page, context, { surface: 'storefront', audience, device: 'desktop', theme: 'light' }, flavour);
      const launcher = page.getByRole('button', { name: 'Bean Club', exact: true });
      await tabTo(page, 'Bean Club');
      await expect(launcher).toBeFocused();
      await page.keyboard.press('Enter');
      const title = audience === 'member' ? 'Hi Robin' : 'The Bean Club';
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toBeFocused();
      await expect(launcher).toHaveAttribute('aria-expanded', 'true');
      if (audience === 'member') await expect(dialog).toContainText('You have 1,250 beans');

      // Tab to the first panel in the list and open it
      const first = dialog.getByRole('navigation', { name: 'Rewards' }).getByRole('button').first();
      const firstName = (await first.textContent())!.trim();
      await tabTo(page, firstName, 10);
      await page.keyboard.press('Enter');
      const heading = dialog.getByRole('heading', { level: 3, name: firstName, exact: true });
      await expect(heading).toBeFocused();

      // focus stays inside the dialog
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }

      // Back returns to the list, focus on the item that opened the panel
      await dialog.getByRole('button', { name: 'Back' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('button', { name: firstName, exact: true })).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(launcher).toBeFocused();
    });
  }
}

test('the launcher is at least 44×44 px on both devices, even zoomed out', async ({ page, context }) => {
  const small = structuredClone(DEMO_DOCUMENTS.launcher);
  small.desktop = { ...small.desktop, zoom: 50, launcher_type: 'icon' };
  small.mobile = { ...small.mobile, zoom: 50, launcher_type: 'icon' };
  for (const device of ['desktop', 'mobile'] as const) {
    await openHarness(page, context, { surface: 'launcher', audience: 'visitor', device, theme: 'light', docs: { launcher: small } });
    const box = (await page.getByRole('button', { name: 'Bean Club', exact: true }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

for (const placement of ['top', 'bottom'] as const) {
  test(`the sticky bar (${placement}) never hides the focused element`, async ({ page, context }) => {
    const sticky = structuredClone(DEMO_DOCUMENTS.sticky_bar);
    sticky.bar = { ...sticky.bar, placement, height: 64 };
    await openHarness(page, context, { surface: 'storefront', audience: 'visitor', device: 'mobile', theme: 'light', docs: { sticky_bar: sticky } });
    const bar = page.locator('.ls-bar');
    const links = page.getByRole('main').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    const order = placement === 'top' ? [...Array(count).keys()].toReversed() : [...Array(count).keys()];
    if (placement === 'top') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    for (const index of order) {
      await links.nth(index).focus();
      const [link, barBox] = await Promise.all([links.nth(index).boundingBox(), bar.boundingBox()]);
      const overlaps = link!.y < barBox!.y + barBox!.height && barBox!.y < link!.y + link!.height;
      expect(overlaps, `link ${index} is under the bar`).toBe(false);
    }
  });
}

test('reduced motion turns the widget animation off', async ({ page, context }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHarness(page, context, { surface: 'storefront', audience: 'visitor', device: 'desktop', theme: 'light' });
  await page.getByRole('button', { name: 'Bean Club', exact: true }).click();
  expect(await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Bean Club', exact: true }).click();
  expect(await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).animationName)).toBe('ls-in');
});
