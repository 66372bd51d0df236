/**
 * XSS and CSS-injection corpus (tests/fixtures/xss/payloads.json) filled into every text, URL and
 * colour field of every shopper surface — bypassing the schema, so the renderers' own guards are
 * what is tested. Nothing may execute (no dialog, no window.__xss), no request may leave the page's
 * origin, and the page must still render.
 *
 * One harness page per audience: each round mounts its poisoned documents afresh in it (no page
 * load per round) and is checked on its own.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import { buildHarness } from './harness/build.ts';
import { openHarness, showInHarness } from './harness/page.ts';
import type { HarnessConfig } from './harness/renderers.tsx';
import { poisonDocument, XSS_CORPUS, XSS_FLAG } from './harness/xss.ts';

// the two audiences' pages spread over the workers; each audience's rounds run in order in its page
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

const poisoned = (round: number): HarnessConfig['docs'] => ({
  landing_page: poisonDocument(DEMO_DOCUMENTS.landing_page, round),
  widget: poisonDocument(DEMO_DOCUMENTS.widget, round),
  launcher: poisonDocument(DEMO_DOCUMENTS.launcher, round),
  sticky_bar: poisonDocument(DEMO_DOCUMENTS.sticky_bar, round),
});

for (const audience of ['member', 'visitor'] as const) {
  test.describe(() => {
    test.describe.configure({ mode: 'default' });
    const config = (round: number): HarnessConfig => ({ surface: 'everything', audience, device: 'desktop', theme: 'light', docs: poisoned(round) });
    let page: Page;
    let outside: string[];
    const dialogs: string[] = [];
    const errors: string[] = [];

    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext();
      page = await context.newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => errors.push(error.message));
      outside = await openHarness(page, context, config(0));
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    for (let round = 0; round < ROUNDS; round++) {
      test(`xss round ${round + 1}/${ROUNDS} · ${audience}: nothing executes, nothing leaves, the page renders`, async () => {
        // what an earlier round left is not this round's: a fresh mount and fresh records
        dialogs.length = 0;
        errors.length = 0;
        outside.length = 0;
        await page.evaluate((flag) => delete (window as unknown as Record<string, unknown>)[flag], XSS_FLAG);
        await page.evaluate(() => window.scrollTo(0, 0));
        await showInHarness(page, config(round));

        // the page renders every surface
        await expect(page.locator('[data-section-type]')).toHaveCount(DEMO_DOCUMENTS.landing_page.sections.length);
        await expect(page.locator('.ls-widget[data-inline]').first()).toBeVisible();
        // open the modal widget and the drawer, bring everything clickable into view and hover it
        await page.locator('.ls-launcher').click();
        await expect(page.locator('.ls-widget:not([data-inline])')).toBeVisible();
        await page.keyboard.press('Escape');
        await page.locator('.ls-bar').click();
        // every image loads now, lazy or not (as each would once scrolled to), and each link, image
        // and icon gets the events of a pointer passing over it
        await page.evaluate(() => {
          for (const image of document.images) image.loading = 'eager';
          for (const element of document.querySelectorAll('a[href], img, svg')) {
            for (const type of ['mouseover', 'mouseenter', 'mousemove']) element.dispatchEvent(new MouseEvent(type, { bubbles: type !== 'mouseenter' }));
          }
        });
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
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
  });
}
