import { CONSOLE_CONSTANTS } from '../lib/constants.ts';
import type { GlobalSearchResult, LoginResult, StoreListItem, User } from '../lib/api/types.ts';

/** spec §3: client state of the session. Persisted. */
export interface UserSlice {
  loginRes: LoginResult | null;
  users: User | null;
  userStatus: unknown;
  referralStatus: unknown;
  pointStatus: unknown;
  vipStatus: unknown;
  userSettings: unknown;
  storeList: StoreListItem[];
  globalSearch: GlobalSearchResult | null;
}

/** spec §3 / §4: onboarding state. Persisted. */
export interface OnboardingSlice {
  stage: number;
  progressDismissed: boolean;
}

/** spec §4: the chosen widget type is held in memory. */
export interface WidgetSlice {
  selectedWidgetType: string | null;
  changed: boolean;
}

export const initialUser = (): UserSlice => ({
  loginRes: null,
  users: null,
  userStatus: null,
  referralStatus: null,
  pointStatus: null,
  vipStatus: null,
  userSettings: null,
  storeList: [],
  globalSearch: null,
});

const initialOnboarding = (): OnboardingSlice => ({ stage: CONSOLE_CONSTANTS.initialOnboardingStage, progressDismissed: false });
const initialWidget = (): WidgetSlice => ({ selectedWidgetType: null, changed: false });

export interface Slices {
  user: UserSlice;
  onboarding: OnboardingSlice;
  widget: WidgetSlice;
}

export const initialSlices = (): Slices => ({
  user: initialUser(),
  onboarding: initialOnboarding(),
  widget: initialWidget(),
});

/** spec §3: only the user and onboarding slices are persisted. */
export const persistedPart = (state: Slices): Pick<Slices, 'user' | 'onboarding'> => ({ user: state.user, onboarding: state.onboarding });

/** spec §4: clear-all resets every slice except user and onboarding. */
export const clearedSlices = (state: Slices): Slices => ({ ...initialSlices(), user: state.user, onboarding: state.onboarding });
