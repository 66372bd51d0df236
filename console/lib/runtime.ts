import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from './api/client.ts';
import { sessionEndpoints, onboardingEndpoints } from './api/endpoints.ts';
import { ApiError } from './api/errors.ts';
import { authLoginUrl, authLogoutUrl, getConfig } from './config.ts';
import { CONSOLE_CONSTANTS } from './constants.ts';
import { consoleStore, sessionTokens, type ConsoleStore } from '../state/store.ts';
import { clientStateRules } from '../state/client-state.ts';
import { boundSignInUrl } from './sign-in-binding.ts';

let leaving = false;

/**
 * Leaves the single-page app (the sign-in provider lives outside it). Only the first exit counts:
 * a logout must not be overridden by the "no user" redirect its own state change triggers.
 */
export const browser = {
  /** a GET navigation, or a POST one (a form submitted without fields: the provider's sign-out takes POST only) */
  go: (url: string, method: 'get' | 'post' = 'get') => {
    if (method === 'get') {
      window.location.assign(url);
      return;
    }
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    form.hidden = true;
    document.body.append(form);
    form.submit();
  },
  assign(url: string, method: 'get' | 'post' = 'get') {
    if (leaving) return;
    leaving = true;
    if (method === 'post') browser.go(url, 'post');
    else browser.go(url);
  },
};

/** spec §4: logout clears the persisted local state and posts to the provider's logout (POST only). */
export function logout(store: ConsoleStore = consoleStore()) {
  store.getState().purge();
  queryClient.clear();
  browser.assign(authLogoutUrl(getConfig()), 'post');
}

/** No session at all: clear what is left and send the browser to the sign-in provider, with this tab's challenge. */
export async function goToSignIn(store: ConsoleStore = consoleStore()) {
  store.getState().purge();
  queryClient.clear();
  browser.assign(await boundSignInUrl(authLoginUrl(getConfig())));
}

let handlingAuthFailure = false;

/** spec §8: any unauthenticated answer → stage 4, logout (persisted state deleted, store purged). */
export function handleAuthFailure(store: ConsoleStore = consoleStore()) {
  if (handlingAuthFailure) return;
  handlingAuthFailure = true;
  store.getState().setStage(CONSOLE_CONSTANTS.authFailureStage);
  logout(store);
}

/** Test hook: allow the auth-failure handler to run again. */
export const resetAuthFailureGuard = () => {
  handlingAuthFailure = false;
  leaving = false;
};

export const api = createApiClient({
  apiBase: () => getConfig().apiBase,
  dataBase: () => getConfig().dataBase,
  session: () => sessionTokens(consoleStore().getState()),
  onUnauthenticated: () => handleAuthFailure(),
  timeoutMs: CONSOLE_CONSTANTS.requestTimeoutMs,
});

export const session = sessionEndpoints(api);
export const onboarding = onboardingEndpoints(api);

/** Kinds of failure another try may cure: the server unreachable or answering 5xx. */
const RETRIED: ReadonlySet<string> = new Set(['network error', 'bad response']);

/**
 * A query is tried again (twice at most) only when the failure may pass: never after a timeout
 * (the 60 s of spec §9 already passed; the message shows then), a 4xx or an abort.
 */
export function retryQuery(failures: number, error: unknown): boolean {
  return error instanceof ApiError && RETRIED.has(error.kind) && failures < 2;
}

/** Server state: every operation has request (pending), success and failure stages with loading flags. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryQuery,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

/** spec §4 rules over the query cache and the UI atoms (analytics reset, customer data, clear-all). */
export const clientState = clientStateRules(queryClient);
