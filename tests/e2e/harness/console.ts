import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

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

/** API headers of the demo owner signed in through the API and switched to the store `storeKey`. */
export async function ownerApiHeaders(request: APIRequestContext, storeKey: string): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/account/login', { data: { email: 'owner@demo.shop', password: 'demo-password' } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, store_access_token: storeToken, user } = (await login.json()).data;
  const headers = { authorization: `Bearer ${token}`, 'x-store-access-token': storeToken, 'x-user-access-token': user.user_access_token };
  const stores = (await (await request.get('/api/v1/store/list', { headers })).json()).data as Array<{ store_id: number; store_name: string }>;
  const store = stores.find((row) => row.store_name === storeKey);
  expect(store, `the demo owner has the store ${storeKey}`).toBeTruthy();
  const switched = await request.post('/api/v1/store/store-token/update', { headers, data: { store_id: store!.store_id } });
  expect(switched.ok(), await switched.text()).toBe(true);
  return { ...headers, 'x-store-access-token': (await switched.json()).data.store_access_token };
}

/** Switches the console to the store of this title when another one is current (from any page of the frame). */
export async function switchConsoleStore(page: Page, title: string): Promise<void> {
  // the top bar's switcher is named after the current store: "Loyalty Studio <title> — Switch store"
  const switcher = page.getByRole('banner').getByRole('button', { name: /Switch store/ });
  if ((await switcher.textContent())!.includes(title)) return;
  await switcher.click();
  await page
    .getByRole('list', { name: 'Stores' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(switcher).toContainText(title);
}

/**
 * Opens `path` in the console already loaded on `page` through its router's history, as the
 * console's own links do, without loading the app again (a page load starts the whole bundle).
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}
