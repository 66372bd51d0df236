import { expect, test, type Page } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';
import { openStudio } from './harness/studio.ts';

// Scheduled publishing through the landing page studio: Publish → Schedule…, then History lists
// the schedule with Cancel. A start in the future and a cancel change nothing shoppers see.

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
});
test.afterAll(async () => {
  await page.context().close();
});

test('schedules the saved versions from the studio and cancels the schedule in History', async () => {
  await openStudio(page, '/onsite-display/landing-page');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Publish to your store' }).getByRole('button', { name: 'Schedule…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Schedule publishing' });
  await expect(dialog.getByText(/In the store's time zone \(UTC\)/).first()).toBeVisible();
  await dialog.getByLabel('Name (optional)').fill('Double points weekend');
  // the start is typed segment by segment (React Aria): a year well ahead
  const startYear = dialog.getByRole('group', { name: 'Starts' }).getByRole('spinbutton', { name: /year/i });
  await startYear.click();
  await page.keyboard.type('2031');
  await dialog.getByRole('checkbox', { name: 'Restore the version live now at an end time' }).check();
  const endYear = dialog.getByRole('group', { name: 'Ends' }).getByRole('spinbutton', { name: /year/i });
  await endYear.click();
  await page.keyboard.type('2031');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled' })).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const schedules = page.getByRole('dialog', { name: 'Version history' }).getByRole('region', { name: 'Scheduled publishing' });
  const row = schedules.getByRole('listitem').filter({ hasText: 'Double points weekend' });
  await expect(row).toContainText('scheduled');
  await expect(row).toContainText('2031');
  await row.getByRole('button', { name: 'Cancel Double points weekend' }).click();
  await expect(schedules.getByRole('status')).toHaveText('Schedule cancelled: nothing was published.');
  await expect(row).toContainText('cancelled');
  await expect(row.getByRole('button')).toHaveCount(0);
});
