import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { StoreSettingsBody } from '../../server/contract/store.ts';
import { PRESENCE_HEARTBEAT_MS } from '../../server/contract/editing-presence.ts';
import { storeLanguages, type StoreLanguages } from '../../renderers/contract/index.ts';
import { consoleStore, useConsole } from '../state/store.ts';
import { queryClient, session } from './runtime.ts';

/** The store access token of the session (it chooses the store every call speaks of). */
export const useStoreToken = () => useConsole((s) => s.user.loginRes?.store_access_token ?? null);

/**
 * GET /user/details of the current store: the shell refreshes it on each visit (a revoked token is
 * noticed → 401 → logout) and each time the tab is shown again (the store's settings, such as its
 * languages, may have been changed meanwhile in another tab or by another staff member), and keeps
 * the session's copy in step while the session still speaks of that store; screens read the same
 * cache entry.
 */
export const userDetailsQuery = (storeToken: string | null) =>
  queryOptions({
    queryKey: ['user-details', storeToken] as const,
    refetchOnWindowFocus: 'always',
    queryFn: async ({ signal }) => {
      const user = await session.getUsers(signal);
      const state = consoleStore().getState();
      // an answer about a store the session has left since (a store switch while it was out) is not the session's
      if ((state.user.loginRes?.store_access_token ?? null) !== storeToken) return user;
      state.setUserDetails({ ...user, user_access_token: user.user_access_token ?? state.user.loginRes?.user.user_access_token });
      return user;
    },
  });

/** The current store's languages (its settings' default_language and languages), as the session last read them. */
export function useStoreLanguages(): StoreLanguages {
  const settings = useConsole((state) => state.user.users?.store?.settings);
  return useMemo(() => storeLanguages(settings), [settings]);
}

/**
 * The store's languages for a studio that has no presence heartbeat (the built-in email editor):
 * the user's details are read again every `intervalMs` while it is open and its tab is shown, so a
 * language added or taken away elsewhere reaches it without a reload.
 */
export function useFollowedStoreLanguages(intervalMs = PRESENCE_HEARTBEAT_MS): StoreLanguages {
  useQuery({ ...userDetailsQuery(useStoreToken()), refetchInterval: intervalMs });
  return useStoreLanguages();
}

/**
 * The store's languages as the server just told them (an open studio's heartbeat): when they are
 * not the ones the session read, the user's details are read again, and every screen that shows
 * the store's languages (the open studio among them) follows without a reload.
 */
export function followStoreLanguages(languages: StoreLanguages): void {
  const known = storeLanguages(consoleStore().getState().user.users?.store?.settings);
  const same = known.default === languages.default && known.others.join(',') === languages.others.join(',');
  if (!same) void queryClient.invalidateQueries({ queryKey: ['user-details'] });
}

/** POST /store/setting/update; the user's details (which carry the store) are read again after. */
export const useSaveStoreSettings = () =>
  useMutation({
    mutationFn: (settings: StoreSettingsBody) => session.saveUserSettings(settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-details'] }),
  });

/** POST store/setting/generate-hmac-secrets: the new secret is in the answer, shown once. */
export const useGenerateHmacSecret = () => useMutation({ mutationFn: () => session.generateHmacSecret() });
