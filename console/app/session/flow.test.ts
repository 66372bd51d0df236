import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors.ts';
import type { LoginResult, StoreListItem, User } from '../../lib/api/types.ts';
import { runLoginFlow, runStoreSwitch } from './flow.ts';

const user = { id: 3, name: 'Nina', email: 'new@demo.shop', role: 'owner', stage: 2, status: 'active', store: null } as User;
const login = { token: 't', store_access_token: 's', user: { ...user, user_access_token: 'u' } } as LoginResult;

afterEach(() => {
  vi.useRealTimers();
});

describe('login flow (spec §4): wait, log in, store the result, fetch user details, set the stage', () => {
  it('runs the steps in order after the configured wait', async () => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const flow = runLoginFlow(
      { code: 'code-1', code_verifier: 'v' },
      {
        delayMs: 3000,
        login: async (body) => {
          steps.push(`login ${body.code}`);
          return login;
        },
        setLogin: () => {
          steps.push('store result');
        },
        getUsers: async () => {
          steps.push('user details');
          return user;
        },
        setUserDetails: (u) => {
          steps.push(`stage ${u.stage} token ${u.user_access_token}`);
        },
      },
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(steps).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await flow;
    expect(steps).toEqual(['login code-1', 'store result', 'user details', 'stage 2 token u']);
  });

  it('a login that returns its error (spec §7) stops the flow with that error', async () => {
    const failure = new ApiError('This sign-in link has expired.', { kind: 'bad request', status: 401 });
    const setLogin = vi.fn();
    await expect(
      runLoginFlow({ code: 'bad', code_verifier: 'v' }, { delayMs: 0, login: async () => failure, setLogin, getUsers: vi.fn(), setUserDetails: vi.fn() }),
    ).rejects.toBe(failure);
    expect(setLogin).not.toHaveBeenCalled();
  });
});

describe('store switch (spec §4): token swap, user data reload, /home after 0.5 s', () => {
  const store: StoreListItem = { store_id: 2, store_title: 'Demo Coffee Roasters', store_name: 'demo-coffee-roasters', access_token: 'store-2' };

  it.each([
    ['the server answers the token', { store_access_token: 'store-2-confirmed' }, 'store-2-confirmed'],
    ['the server answers nothing useful', null, 'store-2'],
  ])('%s', async (_name, answer, swapped) => {
    vi.useFakeTimers();
    const steps: string[] = [];
    const done = runStoreSwitch(store, {
      saveStoreToken: async (token) => {
        steps.push(`save ${token}`);
        return answer;
      },
      swapStoreToken: (token) => {
        steps.push(`swap ${token}`);
      },
      reloadUser: async () => {
        steps.push('reload');
      },
      goHome: () => {
        steps.push('home');
      },
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(steps).toEqual(['save store-2', `swap ${swapped}`, 'reload']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(steps.at(-1)).toBe('home');
  });

  it('a store without an access token is refused', async () => {
    await expect(
      runStoreSwitch({ ...store, access_token: '' }, { saveStoreToken: vi.fn(), swapStoreToken: vi.fn(), reloadUser: vi.fn(), goHome: vi.fn() }),
    ).rejects.toThrow(ApiError);
  });
});
