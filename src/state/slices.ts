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

/** spec §3: analytics state (reset on login). */
export interface AnalyticsSlice {
  filterOptions: unknown;
  chart: unknown;
  metric: unknown;
}

/** spec §3: customer state; the list starts at page 1. */
export interface CustomerSlice {
  currentPage: number;
  customerList: unknown[];
  customersById: unknown;
  points: unknown[];
  rewards: unknown[];
  referrals: unknown[];
  vipTransactions: unknown[];
  orders: unknown[];
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

export const initialOnboarding = (): OnboardingSlice => ({ stage: CONSOLE_CONSTANTS.initialOnboardingStage, progressDismissed: false });
export const initialAnalytics = (): AnalyticsSlice => ({ filterOptions: null, chart: null, metric: null });
export const initialCustomer = (): CustomerSlice => ({
  currentPage: CONSOLE_CONSTANTS.customerListFirstPage,
  customerList: [],
  customersById: null,
  points: [],
  rewards: [],
  referrals: [],
  vipTransactions: [],
  orders: [],
});
export const initialWidget = (): WidgetSlice => ({ selectedWidgetType: null, changed: false });

export interface Slices {
  user: UserSlice;
  onboarding: OnboardingSlice;
  analytics: AnalyticsSlice;
  customer: CustomerSlice;
  widget: WidgetSlice;
}

export const initialSlices = (): Slices => ({
  user: initialUser(),
  onboarding: initialOnboarding(),
  analytics: initialAnalytics(),
  customer: initialCustomer(),
  widget: initialWidget(),
});

/** spec §3: only the user and onboarding slices are persisted. */
export const persistedPart = (state: Slices): Pick<Slices, 'user' | 'onboarding'> => ({ user: state.user, onboarding: state.onboarding });

/** spec §4: clear-all resets every slice except user and onboarding. */
export const clearedSlices = (state: Slices): Slices => ({ ...initialSlices(), user: state.user, onboarding: state.onboarding });

/** spec §4: clearing customer data keeps the current page; resetting empties the lists and returns to page 1. */
export const clearedCustomer = (customer: CustomerSlice): CustomerSlice => ({ ...initialCustomer(), currentPage: customer.currentPage });
