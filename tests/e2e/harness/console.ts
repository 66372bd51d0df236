import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * A page signed in to the console as the demo owner through the built-in provider, in a context
 * of its own (the sign-in wait shortened through `window.__LS_CONFIG__`), landed on /home.
 */
export async function signedInOwner(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addInitScript(() => Object.assign(window, { ['__LS_CONFIG__']: { loginDelayMs: 50 } }));
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill('owner@demo.shop');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  return page;
}
