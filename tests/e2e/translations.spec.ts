/**
 * Translations, on the real server with the demo store: the merchant adds French and Arabic to
 * the store's languages, switches the studio to French and writes the landing page's banner title
 * on the canvas, translates the widget's title in the Translations dialog, and publishes; the
 * French landing page (with its hreflang alternates) and the widget on a store page whose
 * `<html lang="fr">` show the French texts; in Arabic both are laid out right to left; the
 * translations go out as CSV and come back changed; the dialog passes axe; an open studio follows
 * the store's languages changed elsewhere.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './harness/axe.ts';
import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { publishFromStudio } from './harness/publish.ts';
import { STORE, bootstrap, launcherOf, published } from './harness/storefront.ts';
import { frame, inspector, openStudio } from './harness/studio.ts';

test.describe.configure({ mode: 'serial' });

const BANNER_FR = 'Des grains offerts à chaque commande';
const BANNER_FR_IMPORTED = 'Des grains offerts importés du fichier';
const WIDGET_FR = 'Vos récompenses café';

let studio: Page;
let names: ReturnType<typeof published>;

/** Which side the first of a row of cards sits on (a row starts on the right in a right-to-left layout). */
async function rowStartSide(root: Locator): Promise<'left' | 'right'> {
  return root.evaluate((element) => {
    for (const row of element.querySelectorAll<HTMLElement>('.ls-grid')) {
      const [first, second] = [...row.children].map((child) => child.getBoundingClientRect());
      if (first && second && Math.abs(first.top - second.top) < 2) return first.left > second.left ? 'right' : 'left';
    }
    throw new Error('no row of two cards side by side');
  });
}

/**
 * Where the text of a start-aligned block sits in its box (the first block of one short line
 * under `root` whose text-align is `start`): nearer its right edge in a right-to-left layout.
 */
async function startAlignedTextSide(root: Locator): Promise<'left' | 'right'> {
  return root.evaluate((element) => {
    const blocks = [element, ...element.querySelectorAll<HTMLElement>('*')].filter((candidate) => {
      const style = getComputedStyle(candidate);
      return style.textAlign === 'start' && style.display !== 'inline' && (candidate.textContent ?? '').trim().length > 2;
    });
    for (const block of blocks) {
      if ([...block.children].some((child) => !['inline', 'inline-block', 'inline-flex'].includes(getComputedStyle(child).display))) continue;
      const range = document.createRange();
      range.selectNodeContents(block);
      const line = range.getBoundingClientRect();
      const box = block.getBoundingClientRect();
      if (line.width === 0 || line.width > box.width - 40) continue;
      return box.right - line.right < line.left - box.left ? 'right' : 'left';
    }
    throw new Error('no start-aligned text shorter than its box');
  });
}

test.beforeAll(async ({ browser, request }) => {
  const headers = await ownerApiHeaders(request, STORE);
  // the console has no languages field yet: the store's languages are set through the API
  const saved = await request.post('/api/v1/store/setting/update', { headers, data: { languages: ['fr', 'ar'] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  names = published(await bootstrap(request));
  studio = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
  await switchConsoleStore(studio, 'Demo Coffee Roasters');
});
test.afterAll(async () => {
  await studio.context().close();
});

test('the landing page written in French in the studio shows on the canvas and at /landing/<store>/fr with hreflang alternates', async ({ page }) => {
  await openStudio(studio, '/onsite-display/landing-page');
  await studio.getByRole('radiogroup', { name: 'Language' }).getByLabel('FR').check();
  await expect(frame(studio).locator('.ls-landing')).toHaveAttribute('lang', 'fr');
  await studio
    .getByRole('list', { name: 'Sections' })
    .getByRole('listitem', { name: 'Banner', exact: true })
    .getByRole('button', { name: 'Banner', exact: true })
    .click();
  await inspector(studio).getByLabel('Title', { exact: true }).fill(BANNER_FR);
  const banner = frame(studio).locator('[data-section-type=banner]');
  await expect(banner.getByRole('heading', { name: BANNER_FR })).toBeVisible();
  await publishFromStudio(studio);

  await page.goto(`/landing/${STORE}/fr`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: BANNER_FR })).toBeVisible();
  // what the program's rules give reads in French too
  await expect(page.locator('[data-section-type=ways_to_earn]')).toContainText(/pour 1\s\$US dépensé/);
  await expect(page.locator('[data-section-type=ways_to_redeem]')).toContainText('de réduction');
  const alternates = await page.locator('link[rel=alternate][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
  expect(alternates.toSorted()).toEqual(['ar', 'en', 'fr', 'x-default']);
  // the default language's page keeps its own text
  await page.goto(`/landing/${STORE}`);
  await expect(page.getByRole('heading', { name: BANNER_FR })).toHaveCount(0);
});

test('the widget translated in the Translations dialog speaks French on a store page whose <html lang="fr">', async ({ page }) => {
  await openStudio(studio, '/onsite-display/widget');
  await studio.getByRole('radiogroup', { name: 'Language' }).getByLabel('FR').check();
  await studio.getByRole('button', { name: 'Translations' }).click();
  const dialog = studio.getByRole('dialog', { name: 'Translations' });
  await expect(dialog.getByLabel('Language')).toHaveValue('fr');
  const fields = dialog.getByRole('textbox', { name: `French: ${names.header}`, exact: true });
  await expect(fields.first()).toBeVisible();
  for (const field of await fields.all()) await field.fill(WIDGET_FR);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await publishFromStudio(studio);

  await page.goto('/demo/storefront?lang=fr');
  await launcherOf(page, names.launcher).click();
  await expect(page.getByRole('dialog', { name: WIDGET_FR })).toBeVisible();
  await page.goto('/demo/storefront');
  await launcherOf(page, names.launcher).click();
  await expect(page.getByRole('dialog', { name: names.header })).toBeVisible();
});

test('in Arabic the landing page and the widget are laid out right to left', async ({ page }) => {
  await page.goto(`/landing/${STORE}/ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const landing = page.locator('.ls-landing');
  expect(await landing.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect(await rowStartSide(landing)).toBe('right');

  await page.goto('/demo/storefront?lang=ar');
  await launcherOf(page, names.launcher).click();
  const widget = page.getByRole('dialog', { name: names.header });
  await expect(widget).toBeVisible();
  expect(await widget.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect(await startAlignedTextSide(widget)).toBe('right');
  // the same store page in English is left to right
  await page.goto('/demo/storefront');
  await launcherOf(page, names.launcher).click();
  expect(await page.getByRole('dialog', { name: names.header }).evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
});

test('the translations go out as CSV and come back changed; the dialog passes axe', async () => {
  await openStudio(studio, '/onsite-display/landing-page');
  await studio.getByRole('radiogroup', { name: 'Language' }).getByLabel('FR').check();
  await studio.getByRole('button', { name: 'Translations' }).click();
  const dialog = studio.getByRole('dialog', { name: 'Translations' });
  const values = () => dialog.locator('textarea').evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value));
  await expect.poll(values).toContain(BANNER_FR);
  await expectNoViolations(studio, 'translations dialog');

  const [download] = await Promise.all([studio.waitForEvent('download'), dialog.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('key,en,fr');
  expect(csv).toContain(BANNER_FR);
  const changed = test.info().outputPath('landing-page.en-fr.csv');
  await writeFile(changed, csv.replaceAll(BANNER_FR, BANNER_FR_IMPORTED));

  await dialog.getByLabel('Translation file').setInputFiles(changed);
  await expect(dialog.getByRole('status').filter({ hasText: /Imported \d+ texts from landing-page\.en-fr\.csv/ })).toBeVisible();
  await expect.poll(values).toContain(BANNER_FR_IMPORTED);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(frame(studio).locator('[data-section-type=banner]').getByRole('heading', { name: BANNER_FR_IMPORTED })).toBeVisible();
});

test("an open studio follows the store's languages changed elsewhere: French removed while edited gives way to English, saying so", async ({ request }) => {
  const headers = await ownerApiHeaders(request, STORE);
  const setLanguages = async (languages: string[]) => {
    const saved = await request.post('/api/v1/store/setting/update', { headers, data: { languages } });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  // the tab shown again (the merchant comes back from another tab): the console reads the store again
  const showTabAgain = () => studio.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await openStudio(studio, '/onsite-display/landing-page');
  const languages = studio.getByRole('radiogroup', { name: 'Language' });
  await languages.getByLabel('FR').check();
  await expect(frame(studio).locator('.ls-landing')).toHaveAttribute('lang', 'fr');

  await setLanguages(['ar', 'de']);
  await showTabAgain();
  await expect(languages.getByLabel('DE')).toBeAttached();
  await expect(languages.getByLabel('EN')).toBeChecked();
  await expect(languages.getByLabel('FR')).toHaveCount(0);
  await expect(studio.getByRole('status').filter({ hasText: "French is no longer one of the store's languages: showing English, the default." })).toBeVisible();
  await expect(frame(studio).locator('.ls-landing')).toHaveAttribute('lang', 'en');

  // French back: offered again, its texts kept
  await setLanguages(['fr', 'ar']);
  await showTabAgain();
  await languages.getByLabel('FR').check();
  await expect(
    frame(studio)
      .locator('[data-section-type=banner]')
      .getByRole('heading', { name: /^Des grains offerts/ }),
  ).toBeVisible();
});

test('an open studio left in front follows a language added and taken away elsewhere, on its presence heartbeat', async ({ request }) => {
  const headers = await ownerApiHeaders(request, STORE);
  const setLanguages = async (languages: string[]) => {
    const saved = await request.post('/api/v1/store/setting/update', { headers, data: { languages } });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await openStudio(studio, '/onsite-display/landing-page');
  const languages = studio.getByRole('radiogroup', { name: 'Language' });
  await expect(languages.getByLabel('FR')).toBeAttached();
  await expect(languages.getByLabel('DE')).toHaveCount(0);
  // the tab is never hidden nor shown again: the studio's heartbeat (every 15 s) brings the store's languages
  const heartbeat = { timeout: 50_000 };
  await setLanguages(['fr', 'ar', 'de']);
  await expect(languages.getByLabel('DE')).toBeAttached(heartbeat);
  await languages.getByLabel('DE').check();
  await expect(frame(studio).locator('.ls-landing')).toHaveAttribute('lang', 'de');
  await setLanguages(['fr', 'ar']);
  await expect(languages.getByLabel('DE')).toHaveCount(0, heartbeat);
  await expect(languages.getByLabel('EN')).toBeChecked();
  await expect(frame(studio).locator('.ls-landing')).toHaveAttribute('lang', 'en');
});
