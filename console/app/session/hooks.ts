import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { StoreListItem } from '../../lib/api/types.ts';
import { searchFires } from '../../lib/format.ts';
import { consoleStore } from '../../state/store.ts';
import { runStoreSwitch } from './flow.ts';
import { useStoreToken, userDetailsQuery } from '../../lib/session-queries.ts';
import { clientState, queryClient, session } from '../../lib/runtime.ts';

export { useStoreToken };

/** GET /user/details, refreshed on each visit so a revoked token is noticed (→ 401 → logout). */
export function useUserDetailsRefresh(enabled: boolean) {
  return useQuery({ ...userDetailsQuery(useStoreToken()), enabled });
}

/** GET /store/list (only stores with an access token are kept, spec §5). */
export function useStoreList(enabled: boolean) {
  const storeToken = useStoreToken();
  return useQuery({
    queryKey: ['store-list', storeToken],
    enabled,
    queryFn: async () => {
      const stores = await session.getStoreList();
      consoleStore().getState().setStoreList(stores);
      return stores;
    },
  });
}

/** POST /account/search-list on the data host; only when the text has more than 2 characters. */
export function useGlobalSearch(term: string) {
  const storeToken = useStoreToken();
  const text = term.trim();
  return useQuery({
    queryKey: ['global-search', storeToken, text],
    enabled: searchFires(text),
    queryFn: ({ signal }) => session.globalSearch(text, signal),
    staleTime: 60_000,
  });
}

/** spec §4 store switch. */
export function useSwitchStore() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (store: StoreListItem) =>
      runStoreSwitch(store, {
        swapStoreToken: (token) => consoleStore().getState().swapStoreToken(token),
        saveStoreToken: (token) => session.updateStoreToken(token),
        reloadUser: async () => {
          const user = await session.getUsers();
          const state = consoleStore().getState();
          state.clearAll();
          clientState.clearAll();
          state.setUserDetails({ ...user, user_access_token: user.user_access_token ?? state.user.loginRes?.user.user_access_token });
          await queryClient.invalidateQueries();
        },
        goHome: () => navigate('/home'),
      }),
  });
}
