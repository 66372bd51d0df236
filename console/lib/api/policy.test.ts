import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { CALL_FAILURE_POLICY, isApiFailure, orThrow, withPolicy, type PolicedCall } from './policy.ts';

const failure = new ApiError('Boom', { kind: 'bad response', status: 500 });

describe('per-call rethrow or return (spec §7 "Handling of answers")', () => {
  it.each<[PolicedCall, 'return' | 'rethrow' | 'log-and-rethrow']>([
    ['getUsers', 'log-and-rethrow'],
    ['login', 'return'],
    ['setUserStatus', 'return'],
    ['saveUserSettings', 'rethrow'],
    ['getStoreList', 'rethrow'],
    ['globalSearch', 'rethrow'],
    ['getWidgetType', 'return'],
    ['getProgramType', 'return'],
    ['getLauncher', 'return'],
    ['getWidget', 'return'],
    ['getThemeSetting', 'rethrow'],
    ['save', 'rethrow'],
    ['getLandingPage', 'rethrow'],
  ])('%s: %s, and every failure is logged', async (call, policy) => {
    expect(CALL_FAILURE_POLICY[call]).toBe(policy);
    const log = vi.fn();
    const outcome = withPolicy(call, () => Promise.reject(failure), log);
    if (policy === 'return') await expect(outcome).resolves.toBe(failure);
    else await expect(outcome).rejects.toBe(failure);
    expect(log).toHaveBeenCalledWith(`${call} failed`, failure);
  });

  it('success passes the value through untouched', async () => {
    await expect(withPolicy('login', () => Promise.resolve({ token: 't' }))).resolves.toEqual({ token: 't' });
  });

  it('a returned non-API error is wrapped; orThrow turns a returned error back into a throw', async () => {
    const returned = await withPolicy(
      'login',
      () => Promise.reject(new Error('odd')),
      () => {},
    );
    expect(isApiFailure(returned)).toBe(true);
    expect(() => orThrow(returned)).toThrow(ApiError);
    expect(orThrow(5)).toBe(5);
  });
});
