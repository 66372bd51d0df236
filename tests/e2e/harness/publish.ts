import { expect, type Locator, type Page } from '@playwright/test';

/** The studio's publish confirmation, opened with the top bar's Publish button, once it has compared the draft with the store. */
export async function openPublishDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to your store' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish now' })).toBeEnabled();
  return dialog;
}

/** Publish from a studio: confirm the dialog and wait for the published message. */
export async function publishFromStudio(page: Page): Promise<void> {
  await (await openPublishDialog(page)).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
}
