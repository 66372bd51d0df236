// @vitest-environment jsdom
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { LoginResult, User } from './api/types.ts';
import { consoleStore } from '../state/store.ts';
import { queryClient } from './runtime.ts';
import { followStoreLanguages, useFollowedStoreLanguages, userDetailsQuery } from './session-queries.ts';
import { storeLanguages } from '../../renderers/contract/index.ts';

const owner = { id: 1, name: 'Olivia', email: 'owner@demo.shop', role: 'owner', stage: 0, status: 'active', user_access_token: 'u' };
const storeUser = (title: string) => ({ ...owner, store: { id: title.length, title } }) as unknown as User;
const login = { token: 't', store_access_token: 'store-a', user: storeUser('Store A') } as LoginResult;

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  consoleStore().getState().setLogin(login);
  consoleStore().getState().setUserDetails(login.user);
});
afterEach(() => vi.restoreAllMocks());

/** fetch answers the user details it is given, when the test lets it */
function heldAnswer(user: User) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    await answered;
    return new Response(JSON.stringify({ data: user }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return release;
}

const storeTitle = () => (consoleStore().getState().user.users as { store?: { title?: string } } | null)?.store?.title;

it("keeps the session's store when the answer about the store it left arrives after a switch", async () => {
  const release = heldAnswer(storeUser('Store A again'));
  const asked = queryClient.fetchQuery(userDetailsQuery('store-a'));
  // the merchant switches stores while the read of store A is still out
  consoleStore().getState().swapStoreToken('store-b');
  consoleStore().getState().setUserDetails(storeUser('Store B'));
  release();
  expect((await asked).store).toMatchObject({ title: 'Store A again' });
  expect(storeTitle()).toBe('Store B');
});

it('writes the answer into the session while it still speaks of that store', async () => {
  const release = heldAnswer(storeUser('Store A renamed'));
  const asked = queryClient.fetchQuery(userDetailsQuery('store-a'));
  release();
  await asked;
  expect(storeTitle()).toBe('Store A renamed');
});

it("reads the store again when an open studio's heartbeat brings languages other than the session's, and only then", async () => {
  const withLanguages = (languages: string[]) => ({ ...owner, store: { id: 1, title: 'Store A', settings: { languages } } }) as unknown as User;
  let answer = withLanguages(['fr']);
  const fetched = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'content-type': 'application/json' } }));
  const sessionLanguages = () => storeLanguages((consoleStore().getState().user.users as { store?: { settings?: Record<string, unknown> } }).store?.settings);
  // the console shell keeps the user's details read while signed in
  const shell = new QueryObserver(queryClient, userDetailsQuery('store-a')).subscribe(() => undefined);
  try {
    await vi.waitFor(() => expect(sessionLanguages()).toEqual({ default: 'en', others: ['fr'] }));
    expect(fetched).toHaveBeenCalledTimes(1);
    // the same languages: nothing is read
    followStoreLanguages({ default: 'en', others: ['fr'] });
    expect(queryClient.getQueryState(userDetailsQuery('store-a').queryKey)).toMatchObject({ isInvalidated: false, fetchStatus: 'idle' });
    expect(fetched).toHaveBeenCalledTimes(1);
    // German added elsewhere: the store is read again and the session speaks of it
    answer = withLanguages(['fr', 'de']);
    followStoreLanguages({ default: 'en', others: ['fr', 'de'] });
    await vi.waitFor(() => expect(sessionLanguages()).toEqual({ default: 'en', others: ['fr', 'de'] }));
    expect(fetched).toHaveBeenCalledTimes(2);
  } finally {
    shell();
  }
});

it('follows the store’s languages in a studio without a heartbeat: the store is read again while it stays open, not only when the tab is shown', async () => {
  let languages = ['fr'];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: { ...owner, store: { id: 1, title: 'Store A', settings: { languages } } } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  const open = renderHook(() => useFollowedStoreLanguages(20), { wrapper });
  try {
    await waitFor(() => expect(open.result.current).toEqual({ default: 'en', others: ['fr'] }));
    // German added in another tab, this one left in front
    languages = ['fr', 'de'];
    await waitFor(() => expect(open.result.current).toEqual({ default: 'en', others: ['fr', 'de'] }));
    languages = [];
    await waitFor(() => expect(open.result.current).toEqual({ default: 'en', others: [] }));
  } finally {
    open.unmount();
  }
});
