import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import type { LoginResult, User } from '../lib/api/types.ts';
import { createConsoleStore, sessionTokens, waitForRehydration } from './store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
  return { data, storage };
}

const store = {
  id: 1,
  store_id: 1,
  title: 'Demo Outdoor Co.',
  platform: 'bigcommerce',
  store_name: 'demo-outdoor-co',
  domain: null,
  access_token: 'store-1',
  has_hmac_secret: false,
  settings: { website: '', email_settings: { unlayer: false } },
};
const user: User = { id: 1, name: 'Olivia Owner', email: 'owner@demo.shop', role: 'owner', stage: 0, status: 'active', store, user_access_token: 'user-1' };
const login: LoginResult = { token: 'token-1', store_access_token: 'store-1', user: { ...user, user_access_token: 'user-1' } };

afterEach(() => {
  vi.useRealTimers();
});

describe('persisted browser state (spec §3): only user and onboarding, under key root', () => {
  it('writes exactly the user and onboarding slices under "root"', () => {
    const { data, storage } = memoryStorage();
    const consoleState = createConsoleStore(storage);
    consoleState.getState().setLogin(login);
    consoleState.getState().selectWidgetType('vip');
    const saved = JSON.parse(data.get('root')!);
    expect(Object.keys(saved.state).sort()).toEqual(['onboarding', 'user']);
    expect(saved.state.user.loginRes.token).toBe('token-1');
  });

  it('reads them back on start', () => {
    const { storage } = memoryStorage({
      root: JSON.stringify({ state: { user: { loginRes: login, users: user }, onboarding: { stage: 6, progressDismissed: true } }, version: 0 }),
    });
    const state = createConsoleStore(storage).getState();
    expect(state.user.loginRes?.token).toBe('token-1');
    expect(state.onboarding.stage).toBe(6);
    expect(state.widget.selectedWidgetType).toBeNull();
  });
});

describe('state transitions (spec §4)', () => {
  it.each([
    [
      'clear-all resets every slice except user and onboarding',
      (s: ReturnType<typeof createConsoleStore>) => s.getState().clearAll(),
      { user: true, onboardingStage: 8, widget: null },
    ],
    [
      'login stores the new result and keeps the rest',
      (s: ReturnType<typeof createConsoleStore>) => s.getState().setLogin({ ...login, token: 'token-2' }),
      { user: true, onboardingStage: 8, widget: 'vip' },
    ],
  ])('%s (server state and UI atoms: client-state.test.ts)', (_name, act, expected) => {
    const s = createConsoleStore(memoryStorage().storage);
    s.getState().setLogin(login);
    s.getState().setUserDetails({ ...user, stage: 8 });
    s.getState().selectWidgetType('vip');
    act(s);
    const state = s.getState();
    expect(state.user.loginRes !== null).toBe(expected.user);
    expect(state.onboarding.stage).toBe(expected.onboardingStage);
    expect(state.widget.selectedWidgetType).toBe(expected.widget);
  });

  it('onboarding progress dismissal is kept in the persisted onboarding slice (spec §2)', () => {
    const { data, storage } = memoryStorage();
    const s = createConsoleStore(storage);
    s.getState().setOnboardingProgressDismissed(true);
    expect(JSON.parse(data.get('root')!).state.onboarding.progressDismissed).toBe(true);
    s.getState().setOnboardingProgressDismissed(false);
    expect(s.getState().onboarding.progressDismissed).toBe(false);
  });

  it('user details set the onboarding stage from the user (spec §4)', () => {
    const s = createConsoleStore(memoryStorage().storage);
    s.getState().setUserDetails({ ...user, stage: 4 });
    expect(s.getState().onboarding.stage).toBe(4);
  });

  it('the chosen widget type counts as a change (spec §4)', () => {
    const s = createConsoleStore(memoryStorage().storage);
    expect(s.getState().widget.changed).toBe(false);
    s.getState().selectWidgetType('panel');
    expect(s.getState().widget).toEqual({ selectedWidgetType: 'panel', changed: true });
  });

  it('store switch swaps only the store access token of the login result (spec §4)', () => {
    const s = createConsoleStore(memoryStorage().storage);
    s.getState().setLogin(login);
    s.getState().swapStoreToken('store-2');
    expect(s.getState().user.loginRes).toEqual({ ...login, store_access_token: 'store-2' });
  });

  it('purge deletes the persisted state and nothing is written back until the next login (spec §8)', () => {
    const { data, storage } = memoryStorage();
    const s = createConsoleStore(storage);
    s.getState().setLogin(login);
    expect(data.has('root')).toBe(true);
    s.getState().purge();
    expect(data.has('root')).toBe(false);
    expect(s.getState().user.loginRes).toBeNull();
    s.getState().setStoreList([]); // a late answer
    expect(data.has('root')).toBe(false);
    s.getState().setLogin(login);
    expect(data.has('root')).toBe(true);
  });
});

describe('session tokens for the API client (spec §6)', () => {
  it.each([
    ['no login → none', null, null],
    ['login → bearer, store and user tokens', login, { token: 'token-1', storeAccessToken: 'store-1', userAccessToken: 'user-1' }],
  ])('%s', (_name, loginRes, expected) => {
    const s = createConsoleStore(memoryStorage().storage);
    if (loginRes) s.getState().setLogin(loginRes);
    expect(sessionTokens(s.getState())).toEqual(expected);
  });
});

describe('rehydration times out after 10 s (spec §4)', () => {
  it.each([
    ['a storage that answers', false, true],
    ['a storage that never answers', true, false],
  ])('%s → hydrated: %s', async (_name, hangs, hydrated) => {
    vi.useFakeTimers();
    const storage: StateStorage = hangs
      ? { getItem: () => new Promise<string | null>(() => {}), setItem: () => {}, removeItem: () => {} }
      : memoryStorage().storage;
    const s = createConsoleStore(storage);
    const result = waitForRehydration(s);
    let settled: boolean | undefined;
    void result.then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(hangs ? undefined : true);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(hydrated);
  });
});
