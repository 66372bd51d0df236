import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe with every WCAG 2.1 A/AA rule, the experimental label-in-name check included. It runs in the
 * page itself (legacy mode: same-origin frames are checked from it): the default opens a blank
 * page per check to merge the frames' results, a renderer process each time.
 */
export const wcag21 = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .setLegacyMode();

/** No WCAG 2.1 violation on the page as it is now; `where` names the state in the failure. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await wcag21(page).analyze();
  expect(violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
