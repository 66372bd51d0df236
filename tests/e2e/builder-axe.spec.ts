import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The builder studio (with its publish confirmation open too) and the surfaces overview pass axe (WCAG 2.1 A/AA rules) on the host page.

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').setLegacyMode().analyze();
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

test('the landing page studio and the overview have no accessibility violations', async ({ page, context }) => {
  await context.addInitScript(() => {
    Object.assign(window, { ['__LS_CONFIG__']: { loginDelayMs: 50 } });
  });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/');
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/onsite-display/landing-page', '/onsite-display/widget', '/onsite-display/sticky-bar', '/onsite-display']) {
    await page.goto(path);
    if (path !== '/onsite-display') await expect(page.getByRole('region', { name: 'Canvas' })).toHaveAttribute('data-ready', '');
    else await expect(page.getByRole('listitem', { name: 'Sticky bar', exact: true })).toBeVisible();
    await expectNoViolations(page, path);
    if (path === '/onsite-display') continue;
    // the publish confirmation, open
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish to your store' });
    await expect(dialog).toContainText(/go live|Nothing to publish/);
    await expectNoViolations(page, `${path} publish dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
