import type { ApiClient } from './client.ts';
import { withPolicy } from './policy.ts';
import type { LoginBody } from '../../../server/contract/session.ts';
import type { StoreSettingsBody, onboardingCouponBody } from '../../../server/contract/store.ts';
import type { z } from 'zod';
import type { earningRuleBody } from '../../../server/contract/points.ts';

export type OnboardingCoupon = z.infer<typeof onboardingCouponBody>;
import type { Channel, GlobalSearchResult, LoginResult, StoreListItem, User } from './types.ts';

/** spec §7 "Session and store" and the onboarding calls, each under its failure policy. */
export function sessionEndpoints(api: ApiClient) {
  return {
    login: (credentials: LoginBody) => withPolicy('login', () => api.post<LoginResult>('/account/login', credentials)),
    getUsers: (signal?: AbortSignal) => withPolicy('getUsers', () => api.get<User>('/user/details', signal ? { signal } : {})),
    setUserStatus: (status: Record<string, unknown>) => withPolicy('setUserStatus', () => api.post<unknown>('/user/status', status)),
    setUserStage: (stage: number) => withPolicy('save', () => api.post<unknown>('/user/stage', { stage })),
    saveUserSettings: (settings: StoreSettingsBody) => withPolicy('saveUserSettings', () => api.post<unknown>('/store/setting/update', settings)),
    getStoreList: () => withPolicy('getStoreList', () => api.get<StoreListItem[] | { items: StoreListItem[] }>('/store/list').then(listItems)),
    updateStoreToken: (storeAccessToken: string) =>
      withPolicy('save', () => api.post<unknown>('/store/store-token/update', { access_token: storeAccessToken })),
    generateHmacSecret: () => withPolicy('save', () => api.post<{ hmac_secret?: string; secret?: string }>('/store/setting/generate-hmac-secrets')),
    globalSearch: (search: string, signal?: AbortSignal) =>
      withPolicy('globalSearch', () => api.post<GlobalSearchResult>('/account/search-list', { search }, { host: 'data', ...(signal ? { signal } : {}) })),
  };
}

export function onboardingEndpoints(api: ApiClient) {
  return {
    createEarningRule: (rule: z.input<typeof earningRuleBody>) => withPolicy('save', () => api.post<unknown>('/points/store', rule)),
    saveCouponReward: (coupon: OnboardingCoupon) => withPolicy('save', () => api.post<unknown>('/coupon/onboarding/store', coupon)),
    listChannels: () => api.get<Channel[] | { items: Channel[] }>('/store/channel/list').then(listItems),
    createChannel: (channel: { name: string; type: string; url?: string }) => withPolicy('save', () => api.post<Channel>('/store/channel/create', channel)),
    removeChannel: (id: number) => withPolicy('save', () => api.post<unknown>('/store/channel/remove', { id })),
    saveProgramBasics: (basics: { program_name: string; points_label: string }) => withPolicy('save', () => api.post<unknown>('/store/setting/update', basics)),
  };
}

function listItems<T>(value: T[] | { items: T[] }): T[] {
  return Array.isArray(value) ? value : Array.isArray(value?.items) ? value.items : [];
}
