// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { boundSignInUrl, signInVerifier } from '../../lib/sign-in-binding.ts';
import { browser, queryClient, resetAuthFailureGuard } from '../../lib/runtime.ts';
import { AuthCheckPage, NOT_STARTED_HERE } from './AuthCheckPage.tsx';

function renderAt(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth-check" element={<AuthCheckPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const base64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');

beforeEach(() => {
  resetAuthFailureGuard();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the sign-in code is bound to the browser that started the sign-in (PKCE)', () => {
  it('starting a sign-in keeps a verifier in this tab and shows the provider its S256 challenge, the same on a second start', async () => {
    const url = new URL(await boundSignInUrl('/auth/login'), 'http://console');
    const verifier = signInVerifier()!;
    expect(verifier).toMatch(/^[\w-]{43}$/);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    expect(url.searchParams.get('code_challenge')).toBe(base64url(digest));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(await boundSignInUrl('/auth/login')).toBe(`${url.pathname}${url.search}`);
  });

  it('a code opened in a browser that started no sign-in (a victim sent an attacker’s code) is never exchanged', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAt('/auth-check?code=attackers-code');
    expect(await screen.findByText(NOT_STARTED_HERE)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('exchanges the code with this tab’s verifier', async () => {
    vi.spyOn(browser, 'go').mockImplementation(() => {});
    await boundSignInUrl('/auth/login');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'Expired.' }), { status: 401 }));
    renderAt('/auth-check?code=my-code');
    await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 10_000 });
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'my-code', code_verifier: signInVerifier() });
  });

  it('without a code, auth-check starts a bound sign-in', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    renderAt('/auth-check');
    await waitFor(() => expect(go).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/login\?code_challenge=[\w-]{43}&code_challenge_method=S256$/)));
  });
});
