/** The BigCommerce stand-in as the browser tests drive it: its test hooks, an install, a shopper on its storefront. */
import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StorefrontPayload } from '../../../renderers/context.ts';
import { standInUrl } from '../../platforms/bigcommerce/e2e.ts';

export const standIn = standInUrl(Number(process.env.E2E_PORT ?? 4173));

/** A test hook of the stand-in: a POST with `data`, else a GET. */
export async function standInCall<T>(request: APIRequestContext, path: string, data?: Record<string, unknown>): Promise<T> {
  const response = data ? await request.post(`${standIn}${path}`, { data }) : await request.get(`${standIn}${path}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** The store installs the app: the auth callback BigCommerce sends the merchant's browser to. */
export async function installStore(page: Page, request: APIRequestContext, hash: string, owner: { id: number; email: string }) {
  const callback = await standInCall<Record<string, string>>(request, '/_test/install', { store_hash: hash, user: owner, store_name: 'Trail Supply Co' });
  await page.goto(`/platforms/bigcommerce/auth?${new URLSearchParams(callback)}`);
}

/** The shopper signed in on the stand-in's storefront; answers the embed's bootstrap (the member the JWT named). */
export async function openStorefront(page: Page, storeHash: string, customerId: number) {
  const bootstrap = page.waitForResponse((response) => response.url().includes('/bootstrap?customer_jwt='));
  await page.goto(`${standIn}/_test/storefront?store_hash=${storeHash}&customer_id=${customerId}`);
  return bootstrap;
}

/** The payload of a bootstrap answer. */
export const payloadOf = async (answer: { json(): Promise<unknown> }) => ((await answer.json()) as { data: StorefrontPayload }).data;

/**
 * The console API's headers of the merchant the install signed in (the browser's provider
 * session): the console's own sign-in, bound to a verifier (PKCE), answered by that session.
 */
export async function merchantHeaders(page: Page): Promise<Record<string, string>> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const provider = await page.request.get(`/auth/login?code_challenge=${challenge}`, { maxRedirects: 0 });
  const code = new URL(provider.headers().location ?? '', 'http://console').searchParams.get('code');
  expect(code, 'the provider session answers the sign-in at once').toBeTruthy();
  const login = await page.request.post('/api/v1/account/login', { data: { code, code_verifier: verifier } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, store_access_token: storeToken, user } = (await login.json()).data;
  return { authorization: `Bearer ${token}`, 'x-store-access-token': storeToken, 'x-user-access-token': user.user_access_token };
}
