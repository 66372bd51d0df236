import type { ApiClient } from './client.ts';
import { ApiError, errorMessage } from './errors.ts';
import { withPolicy } from './policy.ts';
import type { LoginBody } from '../../../server/contract/session.ts';
import type { StoreSettingsBody, onboardingCouponBody } from '../../../server/contract/store.ts';
import type { z } from 'zod';
import type { earningRuleBody } from '../../../server/contract/points.ts';

export type OnboardingCoupon = z.infer<typeof onboardingCouponBody>;
import type { Channel, EmailSaveResult, GlobalSearchResult, LoginResult, StoreListItem, User } from './types.ts';

/** spec §7 "Session and store" and the onboarding calls, each under its failure policy. */
export function sessionEndpoints(api: ApiClient) {
  return {
    login: (credentials: LoginBody) =>
      withPolicy('login', () => api.post<LoginResult>('/account/login', credentials)),
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
    createReward: (reward: Record<string, unknown>) => withPolicy('save', () => api.post<unknown>('/redeem/store', reward)),
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

/** spec §8: messages of the email editor save. */
export const EMAIL_TOO_LARGE_MESSAGE = 'The email template is too large to save. Please try reducing the content or images.';
export const EMAIL_SAVE_FAILED_MESSAGE = 'Failed to save email template';

/** spec §8: the email editor save never throws; it answers success or a message and a code. */
export async function saveEmailTemplate(api: ApiClient, templateId: string | number, body: unknown): Promise<EmailSaveResult> {
  try {
    const data = await api.post<unknown>(`/template/store/${templateId}`, optimiseTemplate(body));
    return { success: true, data };
  } catch (error) {
    return emailSaveFailure(error);
  }
}

export function emailSaveFailure(error: unknown): EmailSaveResult {
  const apiError = error instanceof ApiError ? error : undefined;
  if (apiError?.status === 413) {
    return { success: false, message: apiError.serverMessage || EMAIL_TOO_LARGE_MESSAGE, code: 413 };
  }
  return { success: false, message: apiError?.serverMessage || EMAIL_SAVE_FAILED_MESSAGE, code: apiError?.status ?? 500 };
}

/** spec §7: template optimisation (whitespace between tags) falls back to the original on error. */
export function optimiseTemplate<T>(body: T): T {
  try {
    if (!body || typeof body !== 'object') return body;
    const content = (body as { content?: unknown }).content;
    if (typeof content !== 'string') return body;
    return { ...body, content: content.replace(/>\s+</g, '><').trim() };
  } catch (error) {
    console.error('template optimisation failed', errorMessage(error));
    return body;
  }
}

/** spec §7 / §8: plain GET of the landing page HTML; not OK → "HTTP error! status: {status}". */
export async function fetchLandingPage(widgetHost: string, storeKey: string, doFetch: typeof fetch = globalThis.fetch): Promise<string> {
  return withPolicy('getLandingPage', async () => {
    const response = await doFetch(`${widgetHost.replace(/\/+$/, '')}/landing/${encodeURIComponent(storeKey)}`);
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    return response.text();
  });
}
