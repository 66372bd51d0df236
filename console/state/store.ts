import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { CONSOLE_CONSTANTS } from '../lib/constants.ts';
import type { LoginResult, StoreListItem, User } from '../lib/api/types.ts';
import { PERSIST_KEY, createSafeStorage } from './storage.ts';
import { clearedSlices, initialSlices, initialUser, persistedPart, type Slices } from './slices.ts';

export interface ConsoleActions {
  /** login or auth success stores the result (the analytics reset of spec §4 is `clientStateRules`) */
  setLogin(result: LoginResult): void;
  /** user details and the onboarding stage from them, in one step */
  setUserDetails(user: User): void;
  setStage(stage: number): void;
  setStoreList(stores: StoreListItem[]): void;
  /** spec §4: the chosen store's token replaces the store access token in the login result */
  swapStoreToken(storeAccessToken: string): void;
  /** the onboarding progress (steps list) can be dismissed and shown again */
  setOnboardingProgressDismissed(dismissed: boolean): void;
  selectWidgetType(type: string): void;
  /** spec §4: every slice except user and onboarding */
  clearAll(): void;
  /** spec §4 / §8: logout — every slice back to its start and the persisted state deleted */
  purge(): void;
}

export type ConsoleState = Slices & ConsoleActions;
export type ConsoleStore = StoreApi<ConsoleState> & {
  persist: { clearStorage(): void; hasHydrated(): boolean; onFinishHydration(fn: () => void): () => void };
};

export function createConsoleStore(storage: StateStorage = createSafeStorage()): ConsoleStore {
  // After a purge (logout) nothing is written back until the next login, so late answers of
  // requests still in flight cannot bring the deleted state back.
  let writesSuspended = false;
  const guarded: StateStorage = {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => (writesSuspended ? undefined : storage.setItem(name, value)),
    removeItem: (name) => storage.removeItem(name),
  };
  return createStore<ConsoleState>()(
    persist(
      (set, _get, store) => ({
        ...initialSlices(),
        setLogin: (result) => {
          writesSuspended = false;
          set((s) => ({ user: { ...s.user, loginRes: result, users: null } }));
        },
        setUserDetails: (user) => set((s) => ({ user: { ...s.user, users: user }, onboarding: { ...s.onboarding, stage: Number(user.stage) } })),
        setStage: (stage) => set((s) => ({ onboarding: { ...s.onboarding, stage } })),
        setStoreList: (storeList) => set((s) => ({ user: { ...s.user, storeList } })),
        swapStoreToken: (storeAccessToken) =>
          set((s) => ({
            user: { ...s.user, loginRes: s.user.loginRes ? { ...s.user.loginRes, store_access_token: storeAccessToken } : null },
          })),
        setOnboardingProgressDismissed: (dismissed) => set((s) => ({ onboarding: { ...s.onboarding, progressDismissed: dismissed } })),
        selectWidgetType: (type) => set({ widget: { selectedWidgetType: type, changed: true } }),
        clearAll: () => set((s) => clearedSlices(s)),
        purge: () => {
          set({ ...initialSlices(), user: initialUser() });
          (store as unknown as ConsoleStore).persist.clearStorage();
          writesSuspended = true;
        },
      }),
      {
        name: PERSIST_KEY,
        storage: createJSONStorage(() => guarded),
        partialize: (state) => persistedPart(state),
        merge: (persisted, current) => ({ ...current, ...(persisted as Partial<Slices>) }),
      },
    ),
  ) as ConsoleStore;
}

const api: ConsoleStore = createConsoleStore();

/** The app's one store. */
export const consoleStore = (): ConsoleStore => api;

export function useConsole<T>(selector: (state: ConsoleState) => T): T {
  return useStore(api, selector);
}

/** spec §4: rehydration of the persisted state gives up after 10 s (resolves false then). */
export function waitForRehydration(store: ConsoleStore, timeoutMs: number = CONSOLE_CONSTANTS.rehydrationTimeoutMs): Promise<boolean> {
  if (store.persist.hasHydrated()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = store.persist.onFinishHydration(() => {
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** Session tokens for the API client, from the stored login (spec §6). */
export function sessionTokens(state: Slices) {
  const login = state.user.loginRes;
  if (!login?.token) return null;
  return {
    token: login.token,
    storeAccessToken: login.store_access_token,
    userAccessToken: state.user.users?.user_access_token ?? login.user?.user_access_token,
  };
}
