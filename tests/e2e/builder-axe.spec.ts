import { axeOn } from './harness/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { signedInOwner } from './harness/console.ts';

// The builder studios (with their publish confirmation open too) and the surfaces overview pass axe
// (WCAG 2.1 A/AA rules) on the host page: one test per page, on one signed-in page, in order.
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await signedInOwner(browser, { viewport: { width: 1600, height: 1000 } });
});

test.afterAll(() => page.context().close());

async function expectNoViolations(where: string) {
  // axe.run in the page itself (the canvas frame is excluded): no blank page per check
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
  expect(
    results.violations.map(
      (v) =>
        `${where}: ${v.id} ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

for (const path of ['/onsite-display/landing-page', '/onsite-display/widget', '/onsite-display/sticky-bar']) {
  test(`the studio at ${path}, and its publish confirmation, have no accessibility violations`, async () => {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Canvas' })).toHaveAttribute('data-ready', '');
    await expectNoViolations(path);
    // the publish confirmation, open
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish to your store' });
    await expect(dialog).toContainText(/go live|Nothing to publish/);
    await expectNoViolations(`${path} publish dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('the surfaces overview has no accessibility violations', async () => {
  await page.goto('/onsite-display');
  await expect(page.getByRole('listitem', { name: 'Sticky bar', exact: true })).toBeVisible();
  await expectNoViolations('/onsite-display');
});
