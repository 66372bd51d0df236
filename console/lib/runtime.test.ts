// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from './api/types.ts';
import { consoleStore } from '../state/store.ts';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError } from './api/errors.ts';
import { api, browser, handleAuthFailure, logout, queryClient, resetAuthFailureGuard } from './runtime.ts';

const login = {
  token: 't',
  store_access_token: 's',
  user: { id: 1, name: 'Olivia', email: 'owner@demo.shop', role: 'owner', stage: 0, status: 'active', store: null, user_access_token: 'u' },
} as LoginResult;

beforeEach(() => {
  resetAuthFailureGuard();
  localStorage.clear();
  consoleStore().getState().setLogin(login);
  consoleStore().getState().setUserDetails(login.user);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('logout (spec §2 / §4)', () => {
  it('clears the persisted state and goes to {auth host}/auth/logout', () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    expect(localStorage.getItem('root')).not.toBeNull();
    logout();
    expect(localStorage.getItem('root')).toBeNull();
    expect(consoleStore().getState().user.loginRes).toBeNull();
    expect(go).toHaveBeenCalledWith('/auth/logout', 'post');
  });

  it('only the first exit counts (a later "no user" redirect cannot override it)', () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    browser.assign('/auth/logout', 'post');
    browser.assign('/auth/login');
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith('/auth/logout', 'post');
  });
});

describe('any unauthenticated answer (spec §8): stage 4, logout, persisted state deleted, store purged', () => {
  it.each([
    ['401 Unauthenticated.', 401, { message: 'Unauthenticated.' }],
    ['a body that says unauthenticated', 200, { message: 'unauthenticated' }],
  ])('%s', async (_name, status, body) => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const stages: number[] = [];
    const unsubscribe = consoleStore().subscribe((s) => stages.push(s.onboarding.stage));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
    await expect(api.get('/user/details')).rejects.toThrow();
    unsubscribe();
    expect(stages[0]).toBe(4);
    expect(localStorage.getItem('root')).toBeNull();
    expect(consoleStore().getState().user.loginRes).toBeNull();
    expect(go).toHaveBeenCalledWith('/auth/logout', 'post');
  });

  it('handles a burst of failures once', () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    handleAuthFailure();
    handleAuthFailure();
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('requests carry the stored tokens (spec §6)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ data: [] })));
    await api.get('/store/list');
    const headers = fetchSpy.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).toMatchObject({ Authorization: 'Bearer t', 'X-Store-Access-Token': 's', 'X-User-Access-Token': 'u' });
  });
});

describe('queries are tried again only when another try may cure the failure (spec §9: 60 s)', () => {
  /** A server that never answers; only an abort ends the request. */
  const hang = (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  async function settle(key: string) {
    const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn: ({ signal }) => api.get(`/${key}`, { signal }) });
    const states: string[] = [];
    const unsubscribe = observer.subscribe((result) => states.push(result.status));
    return { observer, states, unsubscribe };
  }

  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  it('a hung request fails with "timed out" after 60 s, asked once', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(hang);
    const { observer, unsubscribe } = await settle('hung');
    await vi.advanceTimersByTimeAsync(60_000);
    const result = observer.getCurrentResult();
    unsubscribe();
    expect(result.status).toBe('error');
    expect((result.error as ApiError).kind).toBe('timeout');
    expect(result.error!.message).toMatch(/timed out/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a 4xx is not asked again', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'No such rule.' }), { status: 404 })));
    const { observer, unsubscribe } = await settle('missing');
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    unsubscribe();
    expect(observer.getCurrentResult().error!.message).toBe('No such rule.');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('a server error is asked again, twice at most', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response('{}', { status: 503 })));
    const { observer, unsubscribe } = await settle('flaky');
    await vi.advanceTimersByTimeAsync(10_000);
    unsubscribe();
    expect(observer.getCurrentResult().status).toBe('error');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('a request the page aborted itself says "aborted", not "Network error"', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError'));
    const failure = (await api.get('/torn-down').catch((e: unknown) => e)) as ApiError;
    expect(failure.kind).toBe('aborted');
    expect(failure.message).toMatch(/aborted/);
  });
});
