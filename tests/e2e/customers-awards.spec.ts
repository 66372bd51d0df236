import { signedInOwner } from './harness/console.ts';
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './harness/axe.ts';
import { AXE_TAGS } from './harness/page.ts';

// Awards against the real server and its seeded demo: the preview follows the
// filter, a grant runs in the background with a progress bar, credits each member once, and the
// history says who granted what.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1400, height: 900 } });
});

/** a background job on a busy machine: its answer may take longer than an assertion's default */
const JOB_MS = 30_000;
const axe = async () => {
  const result = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
};
const count = (text: string) => Number(/([\d,]+) members?/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test('an award is previewed as the filter changes, then granted once in the background and kept in the history', async () => {
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Award points' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Award points' })).toBeVisible();
  // under Customers in the side navigation
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
  const preview = page.getByRole('status', { name: 'Preview' });
  await expect(preview).toContainText(/members? would get 100 points each/);
  const everyone = count((await preview.textContent()) ?? '');
  expect(everyone).toBeGreaterThan(0);
  await axe();

  const who = page.getByRole('group', { name: 'Who gets the award' });
  // nobody has a billion points: nothing to grant
  await who.getByRole('group', { name: 'Points balance' }).getByLabel('At least').fill('1000000000');
  await expect(preview).toContainText('0 members would get');
  await page.getByRole('textbox', { name: 'Award name' }).fill('E2E thank-you');
  await expect(page.getByRole('button', { name: 'Grant award' })).toBeDisabled();

  // members who spent at most 5,000 in minor units (those without orders included)
  await who.getByRole('group', { name: 'Points balance' }).getByLabel('At least').fill('');
  await who.getByRole('group', { name: 'Total spent (minor units)' }).getByLabel('At most').fill('5000');
  await page.getByRole('textbox', { name: 'Points each' }).fill('7');
  await expect(preview).toContainText(/would get 7 points each/);
  await expect(preview).not.toContainText('Updating');
  const reached = count((await preview.textContent()) ?? '');
  expect(reached).toBeGreaterThan(0);
  expect(reached).toBeLessThan(everyone);
  // figures as the console writes them ("1,407 points in all")
  const granted = (reached * 7).toLocaleString('en-US');
  await expect(preview).toContainText(`${granted} points in all`);

  await page.getByRole('button', { name: 'Grant award' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText(`${reached.toLocaleString('en-US')} members get 7 points each`);
  await dialog.getByRole('button', { name: 'Grant' }).click();
  const grant = page.getByRole('region', { name: 'Grant' });
  await expect(grant.getByRole('progressbar', { name: 'Award grant' })).toBeVisible();
  await expect(grant.getByRole('status')).toHaveText('Done', { timeout: JOB_MS });
  await expect(grant.getByRole('progressbar', { name: 'Award grant' })).toHaveAttribute('aria-valuenow', '100');

  const history = page.getByRole('table', { name: 'Award history' });
  const row = history.getByRole('row', { name: /E2E thank-you/ }).first();
  await expect(row).toContainText('Granted');
  await expect(row).toContainText(granted);
  await expect(row).toContainText('Olivia Owner');
  await axe();

  // the progress survives a reload; dismissing forgets it
  await page.reload();
  await expect(page.getByRole('region', { name: 'Grant' }).getByRole('status')).toHaveText('Done', { timeout: JOB_MS });
  await page.getByRole('region', { name: 'Grant' }).getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('region', { name: 'Grant' })).toHaveCount(0);
});
