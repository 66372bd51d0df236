import { readFile } from 'node:fs/promises';
import { ownerApiHeaders, signedInOwner, switchConsoleStore } from './harness/console.ts';
import { expect, test, type Page } from '@playwright/test';
import { axeOn } from './harness/axe.ts';
import { AXE_TAGS } from './harness/page.ts';

// Customers against the real server and its seeded demo: the list's filters and sort
// in the URL, a customer opened from the global search, a points adjustment explained in the
// timeline, the CSV export and import.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1400, height: 900 }, acceptDownloads: true });
});

const filters = () => page.getByRole('group', { name: 'Filters' });
const table = () => page.getByRole('table', { name: 'Customers' });
const bodyRows = () => table().locator('tbody tr[tabindex]');
const columnTexts = async (index: number) => bodyRows().evaluateAll((rows, i) => rows.map((row) => row.children[i]?.textContent ?? ''), index);
/** a figure as the console shows it (1,332) read back as a number, and a number as the console shows it */
const numberIn = (text: string | null) => Number((text ?? '').replace(/,/g, ''));
const shown = (value: number) => value.toLocaleString('en-US');
/** a background job on a busy machine: its answer may take longer than an assertion's default */
const JOB_MS = 30_000;
const axe = async () => {
  const result = await axeOn(page).withTags(AXE_TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`)).toEqual([]);
};

test('the list sorts and filters on the server, kept in the URL through a reload', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(bodyRows()).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1,200 rows');
  await axe();

  await table().getByRole('button', { name: 'Points' }).click();
  await expect(page).toHaveURL(/sort=balance/);
  await table().getByRole('button', { name: 'Points' }).click();
  await expect(page).toHaveURL(/sort=-balance/);
  await expect(table().getByRole('columnheader', { name: /Points/ })).toHaveAttribute('aria-sort', 'descending');
  // column 0 is the selection box; Points is the fourth column after it. The ascending page stays
  // on screen until the new one arrives, and its zeros are in order too: wait for the highest first.
  await expect
    .poll(async () => {
      const values = (await columnTexts(3)).map(numberIn);
      return values[0]! > 0 && values.every((value, index) => index === 0 || values[index - 1]! >= value);
    })
    .toBe(true);

  await filters().getByLabel('Program status').selectOption('guest');
  await expect(page).toHaveURL(/status=guest/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('120 rows');
  await page.reload();
  await expect(filters().getByLabel('Program status')).toHaveValue('guest');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('120 rows');
  expect(new Set(await columnTexts(9))).toEqual(new Set(['Guest']));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1,200 rows');
});

test('the global search opens a customer; an adjustment needs a reason and appears in the timeline with it', async () => {
  await page.goto('/customers?sort=-balance');
  await expect(bodyRows()).toHaveCount(25);
  const email = (await columnTexts(2))[0]!;
  const name = (await columnTexts(1))[0]!;
  await page.getByPlaceholder('Search by customer name or email').fill(email);
  await page
    .getByRole('region', { name: 'Search results' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/\/customers\/details\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  const balanceBefore = numberIn(await summary.locator('dt:text-is("Points balance") + dd').textContent());
  await expect(page.getByRole('list', { name: 'Points history' }).getByRole('listitem').first()).toBeVisible();
  await axe();

  await page.getByRole('button', { name: 'Adjust points' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust points' });
  await dialog.getByLabel('Points').fill('25');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog.getByText('Enter a reason.')).toBeVisible();
  await dialog.getByLabel('Points').fill(String(-(balanceBefore + 1)));
  await dialog.getByLabel('Reason').fill('Too many');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog.getByText(`at most ${balanceBefore} points can be removed`)).toBeVisible();
  await dialog.getByLabel('Points').fill('25');
  await dialog.getByLabel('Reason').fill('Goodwill for a late delivery');
  await axe();
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();

  await expect(summary.locator('dt:text-is("Points balance") + dd')).toHaveText(shown(balanceBefore + 25));
  const newest = page.getByRole('list', { name: 'Points history' }).getByRole('listitem').first();
  await expect(newest).toContainText('Adjusted by hand');
  await expect(newest).toContainText('+25');
  await expect(newest).toContainText('Reason: Goodwill for a late delivery');
  await expect(newest).toContainText('manual adjustment by');
});

test("points held for the merchant (an order in another currency) are said on the customer's timeline; approving makes them available", async () => {
  await switchConsoleStore(page, 'Demo Coffee Roasters');
  const headers = await ownerApiHeaders(page.request, 'demo-coffee-roasters');
  // the store's seeded order in euros waits for approval: found in its history, newest first
  let held: { id: number; customer_id: number; pending_points: number } | undefined;
  for (let at = 1; !held && at <= 100; at += 1) {
    const answer = await page.request.post('/data/v1/transaction/points', { headers, data: { page: at, limit: 100 } });
    expect(answer.ok(), await answer.text()).toBe(true);
    const rows = (await answer.json()).data.data as Array<{ id: number; customer_id: number; pending_points: number; held: boolean }>;
    held = rows.find((row) => row.held);
    if (rows.length < 100) break;
  }
  expect(held, 'the demo store holds an order in another currency for approval').toBeTruthy();
  await page.goto(`/customers/details?id=${held!.customer_id}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  const balance = summary.locator('dt:text-is("Points balance") + dd');
  await expect(balance).toHaveText(/\d/);
  const balanceBefore = numberIn(await balance.textContent());
  const history = page.getByRole('list', { name: 'Points history' });
  const waiting = history.getByRole('listitem').filter({ hasText: 'Waiting for your approval' });
  await expect(waiting).toContainText("currency EUR differs from the store's USD");
  await axe();

  await waiting.getByRole('button', { name: `Approve ${shown(held!.pending_points)} held points` }).click();
  await expect(
    page.getByText(`${shown(held!.pending_points)} points approved: the balance is now ${shown(balanceBefore + held!.pending_points)}`),
  ).toBeVisible();
  await expect(balance).toHaveText(shown(balanceBefore + held!.pending_points));
  await expect(history.getByText('Waiting for your approval')).toHaveCount(0);
  await expect(history.getByRole('listitem').first()).toContainText('Pending points became available');
});

test('exports the filtered list in the background with progress, then downloads the CSV file', async () => {
  await page.goto('/customers?status=excluded');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText(/· \d+ rows/);
  const total = Number(/· (\d+) rows/.exec((await page.getByRole('navigation', { name: 'Pages' }).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('region', { name: 'Export' });
  await expect(progress.getByRole('progressbar', { name: 'Customer export' })).toHaveAttribute('aria-valuenow', '100');
  await expect(progress.getByRole('status')).toHaveText('Done');
  await axe();
  // the job survives a reload: its progress and file are still there
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe('id,first_name,last_name,email,balance,pending,lifetime,vip_tier,referrals,program_status,source,birthday,joined_at,tags');
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => line.includes(',excluded,'))).toBe(true);
  await progress.getByRole('button', { name: 'Dismiss' }).click();
  await expect(progress).toBeHidden();
});

test('imports a CSV: the dry run shows the bad rows, the fixed file imports with progress, twice changes nothing; tags the imported customers', async () => {
  const run = Date.now().toString(36);
  const header = 'Email,First name,Last name,Birthday,Points,Tags';
  const good = [`ivy.${run}@import.test,Ivy,Stone,1991-02-03,40,vip`, `max.${run}@import.test,Max,Hale,,15,`];
  const file = (lines: string[]) => ({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n')) });
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import customers' });
  await dialog.getByLabel('CSV file').setInputFiles(file([...good, `bad.${run}@import.test,Bad,Date,1991-13-40,5,`, `ivy.${run}@import.test,Ivy,Again,,-3,`]));
  const problems = dialog.getByRole('table', { name: 'Problems' });
  await expect(problems.locator('tbody tr')).toHaveCount(3);
  await expect(problems).toContainText('is not a date: use YYYY-MM-DD');
  await expect(problems).toContainText('Duplicated email');
  await expect(problems).toContainText('Negative balance');
  await expect(dialog.getByLabel('Email column')).toHaveValue('Email');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expect(dialog.getByText('4 rows: 2 new, 0 updated, 0 unchanged, 2 skipped; 55 opening points to credit.')).toBeVisible();
  await axe();

  // skipping the bad rows imports the good ones and lists the skipped ones with their reasons
  await dialog.getByLabel('Skip bad rows').check();
  await expect(dialog.getByText('2 rows have problems and will be skipped; the other 2 will be imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 customers' }).click();
  await expect(dialog).toBeHidden({ timeout: JOB_MS });
  const progress = page.getByRole('region', { name: 'Import' });
  await expect(progress.getByRole('progressbar', { name: 'Customer import' })).toHaveAttribute('aria-valuenow', '100', { timeout: JOB_MS });
  // the job survives a reload
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('status')).toHaveText('Done');
  await expect(progress).toContainText('2 customers added, 0 updated, 0 unchanged, 2 skipped, 55 opening points credited.');
  const skipped = progress.getByRole('table', { name: 'Skipped rows' });
  await expect(skipped.locator('tbody tr')).toHaveCount(3);
  await expect(skipped).toContainText('is not a date: use YYYY-MM-DD');
  await axe();
  await progress.getByRole('button', { name: 'Dismiss' }).click();

  // the same customers again: the dry run promises nothing, and the import changes nothing
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(file(good));
  await expect(dialog.getByText('No problems found')).toBeVisible();
  await expect(dialog.getByText('2 rows: 0 new, 0 updated, 2 unchanged, 0 skipped; 0 opening points to credit.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 customers' }).click();
  await expect(progress).toContainText('0 customers added, 0 updated, 2 unchanged, 0 skipped, 0 opening points credited.', { timeout: JOB_MS });
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(`ivy.${run}`);
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).press('Enter');
  await expect(bodyRows()).toHaveCount(1);
  await expect(bodyRows().first()).toContainText('40');

  // tag both imported customers from the selection, then filter the list by the tag
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(run);
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).press('Enter');
  await expect(bodyRows()).toHaveCount(2);
  await page.getByLabel('Select all rows on this page').check();
  await page.getByRole('group', { name: 'Selected rows' }).getByRole('button', { name: 'Tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Tag customers' });
  await tagDialog.getByLabel('Tag').fill(`batch-${run}`);
  await tagDialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(tagDialog).toBeHidden();
  await page.goto('/customers');
  await filters().getByLabel('Tag').selectOption(`batch-${run}`);
  await expect(page).toHaveURL(new RegExp(`tag=batch-${run}`));
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('2 rows');
  await axe();
});
