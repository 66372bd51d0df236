// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { LoginResult, User } from './api/types.ts';
import { consoleStore } from '../state/store.ts';
import { queryClient } from './runtime.ts';
import { userDetailsQuery } from './session-queries.ts';

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
