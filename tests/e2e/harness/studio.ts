/** The builder studio's regions, by the names of DESIGN.md §4, on any page showing a studio. */
import { expect, type FrameLocator, type Page } from '@playwright/test';

export const canvas = (page: Page) => page.getByRole('region', { name: 'Canvas' });
export const frame = (page: Page): FrameLocator => canvas(page).frameLocator('iframe[title="Preview"]');
export const inspector = (page: Page) => page.getByRole('region', { name: 'Inspector' });

/** Opens a studio at `path` and waits for its canvas to be ready. */
export async function openStudio(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(canvas(page)).toHaveAttribute('data-ready', '');
}

/** Selects a section by its outline entry (`Header`, `Banner`, …): the inspector then shows its fields. */
export const selectSection = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Sections' }).getByRole('listitem', { name, exact: true }).getByRole('button', { name, exact: true }).click();
