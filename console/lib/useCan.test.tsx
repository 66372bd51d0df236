// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from './api/types.ts';
import { consoleStore } from '../state/store.ts';
import { useCan } from './useCan.ts';

const asRole = (role: User['role']) =>
  act(() => consoleStore().getState().setUserDetails({ id: 1, name: 'Sam', email: 'sam@demo.shop', role, stage: 0, status: 'active', store: null }));

describe('useCan: the console hides what the role cannot do (the server’s permission table)', () => {
  it('staff may support customers but not manage them, publish or generate the webhook secret', () => {
    asRole('staff');
    const { result } = renderHook(() => [useCan('customers:support'), useCan('customers:manage'), useCan('program:publish'), useCan('store:secrets')]);
    expect(result.current).toEqual([true, false, false, false]);
  });

  it('an admin may do everything but the webhook secret; the owner everything; nobody signed in nothing', () => {
    asRole('admin');
    expect(renderHook(() => [useCan('customers:manage'), useCan('store:secrets')]).result.current).toEqual([true, false]);
    asRole('owner');
    expect(renderHook(() => useCan('store:secrets')).result.current).toBe(true);
    asRole(null);
    expect(renderHook(() => useCan('account:use')).result.current).toBe(false);
  });
});
