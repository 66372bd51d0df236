// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { LoginResult } from '../../lib/api/types.ts';
import { consoleStore } from '../../state/store.ts';
import { SessionGate } from './SessionGate.tsx';
import { browser, queryClient, resetAuthFailureGuard } from '../../lib/runtime.ts';

const user = { id: 1, name: 'Nina', email: 'new@demo.shop', role: 'owner' as const, stage: 2, status: 'active', store: null };
const login = { token: 't', store_access_token: 's', user: { ...user, user_access_token: 'u' } } as LoginResult;

function renderAt(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SessionGate>
          <Routes>
            <Route path="/home" element={<h1>Home page</h1>} />
            <Route path="/onboarding" element={<h1>Onboarding page</h1>} />
            <Route path="/auth-check" element={<h1>Checking</h1>} />
          </Routes>
        </SessionGate>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetAuthFailureGuard();
  queryClient.clear();
  consoleStore().getState().purge();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('session gate (spec §4)', () => {
  it.each([
    ['stage 2 on /home → /onboarding', 2, '/home', 'Onboarding page'],
    ['stage 0 on /auth-check → /home', 0, '/auth-check', 'Home page'],
    ['stage 0 on /home → stays', 0, '/home', 'Home page'],
  ])('%s', async (_name, stage, path, heading) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ data: { ...user, stage } }))));
    consoleStore().getState().setLogin(login);
    consoleStore()
      .getState()
      .setUserDetails({ ...user, stage });
    renderAt(path);
    await waitFor(() => expect(screen.getByRole('heading', { name: heading })).toBeTruthy());
  });

  it('no user: the page stays hidden and the browser goes to sign in', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderAt('/home');
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Redirecting to sign in');
    await waitFor(() => expect(go).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/login\?code_challenge=[\w-]{43}&code_challenge_method=S256$/)));
  });

  it('no user on auth-check: the check page is shown', () => {
    renderAt('/auth-check');
    expect(screen.getByRole('heading', { name: 'Checking' })).toBeTruthy();
  });
});
