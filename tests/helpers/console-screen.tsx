import { act, render, type RenderResult } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../../console/components/ui/Toast.tsx';
import type { Store, User } from '../../console/lib/api/types.ts';
import { queryClient } from '../../console/lib/runtime.ts';
import { consoleStore } from '../../console/state/store.ts';
import { installAriaJsdomPolyfills } from './jsdom.ts';

/** What a fake server answers a call with: the `data` body, or a full Response (an error). */
export type FakeAnswer = unknown | ((request: { url: URL; init: RequestInit; body: unknown }) => unknown);

/**
 * A stand-in for the API in jsdom screen tests: `routes` maps "METHOD /path" (without the base
 * and the query) to an answer; a call nobody answers fails the test with a 404 naming it.
 * Returns the calls made, for the test to check what was sent.
 */
export function fakeApi(routes: Record<string, FakeAnswer>) {
  const calls: Array<{ method: string; path: string; url: URL; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/(api|data)\/v1/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body });
    const key = `${method} ${path}`;
    if (!Object.hasOwn(routes, key)) return new Response(JSON.stringify({ message: `No fake answer for ${key}` }), { status: 404 });
    const route = routes[key];
    const answer = typeof route === 'function' ? await route({ url, init, body }) : route;
    return answer instanceof Response ? answer : new Response(JSON.stringify({ data: answer }), { status: 200 });
  });
  return calls;
}

/** An error answer of the API (`{ message }` with a 4xx or 5xx status). */
export const failure = (status: number, message: string) => new Response(JSON.stringify({ message }), { status });

export interface ScreenOptions {
  role?: User['role'];
  /** the current store's settings (points label, currency, time zone…) */
  settings?: Record<string, unknown>;
  path?: string;
}

/** The store screens are shown on, with these settings over its website and email settings. */
export function screenStore(settings: Record<string, unknown> = {}): Store {
  return {
    id: 1,
    store_id: 1,
    title: 'Demo Coffee Roasters',
    platform: 'shopify',
    store_name: 'demo-coffee-roasters',
    domain: null,
    access_token: 'store-token',
    has_hmac_secret: false,
    settings: { website: 'https://coffee.example', email_settings: { unlayer: false }, ...settings },
  };
}

/** Signs a user of this role in (no request) on a store with these settings. */
export function signInAs({ role = 'owner', settings = {} }: ScreenOptions = {}) {
  act(() =>
    consoleStore()
      .getState()
      .setUserDetails({
        id: 1,
        name: 'Sam Rivera',
        email: 'sam@demo.shop',
        role,
        stage: 0,
        status: 'active',
        store: screenStore({ currency: 'USD', ...settings }),
      }),
  );
}

/**
 * A console screen rendered as the app renders it (the app's query client, a router, toasts),
 * for a user of `role`. Call `resetScreen()` after each test.
 */
export function renderScreen(ui: ReactNode, options: ScreenOptions = {}): RenderResult {
  installAriaJsdomPolyfills();
  signInAs(options);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <ToastProvider>{ui}</ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Forgets the cached answers and the fake server between tests. */
export function resetScreen() {
  queryClient.clear();
  vi.restoreAllMocks();
}
