import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { analyticsViewAtom, clientStateRules, customerPageAtom, initialAnalyticsView } from './client-state.ts';

function setUp() {
  const queryClient = new QueryClient();
  const store = createStore();
  queryClient.setQueryData(['customers', 'list', { page: 4 }], { items: [1, 2] });
  queryClient.setQueryData(['customers', 'detail', 7], { id: 7 });
  queryClient.setQueryData(['analytics', 'charts'], { series: [] });
  queryClient.setQueryData(['user-details', 'store-1'], { id: 1 });
  queryClient.setQueryData(['store-list', 'store-1'], [{ store_id: 1 }]);
  queryClient.setQueryData(['points', 'rules'], []);
  store.set(customerPageAtom, 4);
  store.set(analyticsViewAtom, { from: '2026-01-01', to: '2026-01-31', compare: false, filters: { tier: ['gold'] } });
  return { queryClient, store, rules: clientStateRules(queryClient, store) };
}

const cached = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((q) => String(q.queryKey[0]))
    .sort();

describe('client state transitions (spec §4)', () => {
  it('login resets analytics and keeps the rest', () => {
    const { queryClient, store, rules } = setUp();
    rules.resetAnalytics();
    expect(cached(queryClient)).toEqual(['customers', 'customers', 'points', 'store-list', 'user-details']);
    expect(store.get(analyticsViewAtom)).toEqual(initialAnalyticsView());
    expect(store.get(customerPageAtom)).toBe(4);
  });

  it('clearing customer data keeps the current page', () => {
    const { queryClient, store, rules } = setUp();
    rules.clearCustomers();
    expect(cached(queryClient)).toEqual(['analytics', 'points', 'store-list', 'user-details']);
    expect(store.get(customerPageAtom)).toBe(4);
  });

  it('resetting customers empties the lists and returns to page 1', () => {
    const { queryClient, store, rules } = setUp();
    rules.resetCustomers();
    expect(cached(queryClient)).not.toContain('customers');
    expect(store.get(customerPageAtom)).toBe(1);
    expect(store.get(analyticsViewAtom).compare).toBe(false);
  });

  it('clear-all resets every area but the session (user and onboarding)', () => {
    const { queryClient, store, rules } = setUp();
    rules.clearAll();
    expect(cached(queryClient)).toEqual(['store-list', 'user-details']);
    expect(store.get(customerPageAtom)).toBe(1);
    expect(store.get(analyticsViewAtom)).toEqual(initialAnalyticsView());
  });
});
