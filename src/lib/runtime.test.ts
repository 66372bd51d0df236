// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from './api/types.ts';
import { consoleStore } from '../state/store.ts';
import { api, browser, handleAuthFailure, logout, resetAuthFailureGuard } from './runtime.ts';

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
