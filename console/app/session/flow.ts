import { ApiError } from '../../lib/api/errors.ts';
import { isApiFailure } from '../../lib/api/policy.ts';
import type { LoginResult, StoreListItem, User } from '../../lib/api/types.ts';
import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The provider's one-time code and the verifier of the sign-in this browser started. */
export interface SignInCode {
  code: string;
  code_verifier: string;
}

interface LoginFlowDeps {
  delayMs: number;
  login: (body: SignInCode) => Promise<LoginResult | ApiError>;
  getUsers: () => Promise<User>;
  setLogin: (result: LoginResult) => void;
  setUserDetails: (user: User) => void;
  wait?: (ms: number) => Promise<void>;
}

/**
 * spec §4 login flow: wait (3 s by default), log in with the code, store the result,
 * fetch the user details, then set the onboarding stage from the user's stage.
 */
export async function runLoginFlow(code: SignInCode, deps: LoginFlowDeps): Promise<User> {
  await (deps.wait ?? sleep)(deps.delayMs);
  const result = await deps.login(code);
  if (isApiFailure(result)) throw result;
  deps.setLogin(result);
  const user = await deps.getUsers();
  deps.setUserDetails({ ...user, user_access_token: user.user_access_token ?? result.user.user_access_token });
  return user;
}

interface StoreSwitchDeps {
  swapStoreToken: (token: string) => void;
  /** POST /store/store-token/update: moves the server session to the store; answers its token */
  saveStoreToken: (token: string) => Promise<{ store_access_token?: string } | unknown>;
  reloadUser: () => Promise<unknown>;
  goHome: () => void;
  wait?: (ms: number) => Promise<void>;
}

/**
 * spec §4 store switch: the chosen store's token replaces the store access token in the login
 * result, the user data reloads, then the browser goes to /home after 0.5 s.
 * The server session is moved first (its store must match the token the next request carries).
 */
export async function runStoreSwitch(store: StoreListItem, deps: StoreSwitchDeps): Promise<void> {
  if (!store.access_token) throw new ApiError('This store has no access token.', { kind: 'bad request' });
  const saved = await deps.saveStoreToken(store.access_token);
  const answered = saved && typeof saved === 'object' ? (saved as { store_access_token?: unknown }).store_access_token : undefined;
  deps.swapStoreToken(typeof answered === 'string' && answered ? answered : store.access_token);
  await deps.reloadUser();
  await (deps.wait ?? sleep)(CONSOLE_CONSTANTS.storeSwitchRedirectMs);
  deps.goHome();
}
