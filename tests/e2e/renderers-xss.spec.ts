/**
 * XSS and CSS-injection corpus (tests/fixtures/xss/payloads.json) filled into every text, URL and
 * colour field of every shopper surface — bypassing the schema, so the renderers' own guards are
 * what is tested. Nothing may execute (no dialog, no window.__xss), no request may leave the page's
 * origin, and the page must still render.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import { buildHarness } from './harness/build.ts';
import { openHarness } from './harness/page.ts';
import { poisonDocument, XSS_CORPUS, XSS_FLAG } from './harness/xss.ts';

// independent pages of the renderer harness: the tests spread over the workers
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildHarness('preact');
});

const ROUNDS = Math.max(XSS_CORPUS.text.length, XSS_CORPUS.url.length, XSS_CORPUS.colour.length);

test('the corpus is the fixture file', () => {
  const file = JSON.parse(readFileSync(new URL('../fixtures/xss/payloads.json', import.meta.url), 'utf8'));
  expect(XSS_CORPUS.text).toEqual(file.text);
  expect(file.text.length + file.url.length + file.colour.length).toBeGreaterThan(35);
});

for (let round = 0; round < ROUNDS; round++) {
  for (const audience of ['member', 'visitor'] as const) {
    test(`xss round ${round + 1}/${ROUNDS} · ${audience}: nothing executes, nothing leaves, the page renders`, async ({ page, context }) => {
      const docs = {
        landing_page: poisonDocument(DEMO_DOCUMENTS.landing_page, round),
        widget: poisonDocument(DEMO_DOCUMENTS.widget, round),
        launcher: poisonDocument(DEMO_DOCUMENTS.launcher, round),
        sticky_bar: poisonDocument(DEMO_DOCUMENTS.sticky_bar, round),
      };
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const outside = await openHarness(page, context, { surface: 'everything', audience, device: 'desktop', theme: 'light', docs });

      // the page renders every surface
      await expect(page.locator('[data-section-type]')).toHaveCount(DEMO_DOCUMENTS.landing_page.sections.length);
      await expect(page.locator('.ls-widget[data-inline]').first()).toBeVisible();
      // open the modal widget and the drawer, hover and focus everything clickable
      await page.locator('.ls-launcher').click();
      await expect(page.locator('.ls-widget:not([data-inline])')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.locator('.ls-bar').click();
      for (const link of await page.locator('a[href], img, svg').all()) await link.hover({ force: true, trial: true }).catch(() => undefined);
      await page.waitForTimeout(100);

      expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
      // no href/src the guards should have refused made it into the page
      const attributes = await page.evaluate(() =>
        [...document.querySelectorAll('[href],[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? ''),
      );
      for (const value of attributes) expect(value).not.toMatch(/^\s*(javascript|data|vbscript):|^\/\/|\\/i);
      const styles = await page.evaluate(() => [...document.querySelectorAll('[style]')].map((el) => el.getAttribute('style') ?? ''));
      for (const style of styles) expect(style).not.toMatch(/url\(|expression|<|display:\s*none/i);
    });
  }
}
