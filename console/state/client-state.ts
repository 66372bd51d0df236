import { atom, createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { CONSOLE_CONSTANTS } from '../lib/constants.ts';

/**
 * The console's client state besides the session (DESIGN.md §7): jotai atoms for what the spec
 * names as UI state, and the spec §4 rules applied to them and to the server state that lives in
 * react-query only. Server state of an area is cached under its query-key root (`QUERY_ROOTS`),
 * so "reset analytics" or "clear customer data" drops exactly that area's answers.
 */
const QUERY_ROOTS = { customers: 'customers', analytics: 'analytics' } as const;

/** spec §3 / §9: the customer list's current page, starting at 1. */
export const customerPageAtom = atom<number>(CONSOLE_CONSTANTS.customerListFirstPage);

/** Analytics filters and date range (ISO dates; null = the screen's default period). */
export interface AnalyticsView {
  from: string | null;
  to: string | null;
  compare: boolean;
  filters: Record<string, string[]>;
}
export const initialAnalyticsView = (): AnalyticsView => ({ from: null, to: null, compare: true, filters: {} });
export const analyticsViewAtom = atom<AnalyticsView>(initialAnalyticsView());

/** The app's one atom store (the shell mounts it with jotai's `Provider`). */
export const uiStore = createStore();
export type UiStore = typeof uiStore;

/** Query keys kept through "clear all": the session's own answers (user details, store list). */
const SESSION_QUERIES = new Set(['user-details', 'store-list']);

/** spec §4 transitions of the client state, over one query cache and one atom store. */
export function clientStateRules(queryClient: QueryClient, store: UiStore = uiStore) {
  const drop = (root: string) => queryClient.removeQueries({ queryKey: [root] });
  const rules = {
    /** login or auth success resets analytics */
    resetAnalytics() {
      drop(QUERY_ROOTS.analytics);
      store.set(analyticsViewAtom, initialAnalyticsView());
    },
    /** clearing customer data keeps the current page */
    clearCustomers() {
      drop(QUERY_ROOTS.customers);
    },
    /** resetting empties the detail lists and returns the list to page 1 (leaving customer pages) */
    resetCustomers() {
      rules.clearCustomers();
      store.set(customerPageAtom, CONSOLE_CONSTANTS.customerListFirstPage);
    },
    /** clear-all resets everything except the user and onboarding (the session's answers stay) */
    clearAll() {
      queryClient.removeQueries({ predicate: (query) => !SESSION_QUERIES.has(String(query.queryKey[0])) });
      store.set(customerPageAtom, CONSOLE_CONSTANTS.customerListFirstPage);
      store.set(analyticsViewAtom, initialAnalyticsView());
    },
  };
  return rules;
}
