import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ReferralListAnswer, ReferralRow, ReferralSettings, ReferralStateName } from '../../../../server/contract/referrals.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import { api, queryClient } from '../../../lib/runtime.ts';

const data = { host: 'data' } as const;

/** Query keys of the referrals area (rooted at 'referrals'). */
export const referralKeys = {
  all: ['referrals'] as const,
  settings: ['referrals', 'settings'] as const,
  list: ['referrals', 'list'] as const,
};

/** GET /referral-setting (spec §9 defaults until the store saves its own). */
export const referralSettingsQuery = () => queryOptions({ queryKey: referralKeys.settings, queryFn: () => api.get<ReferralSettings>('/referral-setting') });

export interface ReferralFilter {
  page: number;
  limit: number;
  state?: ReferralStateName | undefined;
  search?: string | undefined;
  /** referrals this customer made or was referred by */
  customer_id?: number | undefined;
}

/** Data host POST transaction/referrals: one page of referrals and the figures. */
const referralPage = (filter: ReferralFilter) => api.post<ReferralListAnswer>('/transaction/referrals', filter, data);

/** A page of referrals as a table page. */
export const referralsQuery = (filter: ReferralFilter) =>
  queryOptions({
    queryKey: [...referralKeys.list, filter] as const,
    queryFn: async (): Promise<TablePage<ReferralRow>> => {
      const page = await referralPage(filter);
      return { rows: page.data, total: page.total };
    },
  });

/** The figures (sent, completed, revenue…), from the same call's answer. */
export const referralFiguresQuery = () =>
  queryOptions({ queryKey: [...referralKeys.list, 'figures'] as const, queryFn: async () => (await referralPage({ page: 1, limit: 1 })).figures });

const refresh = (key: readonly string[]) => () => queryClient.invalidateQueries({ queryKey: key });

/** POST /referral-setting/store */
export const useSaveReferralSettings = () =>
  useMutation({
    mutationFn: (body: ReferralSettings) => api.post<ReferralSettings>('/referral-setting/store', body),
    onSuccess: refresh(referralKeys.settings),
  });

/** GET /referral-setting/delete/referralpoints: the referrer's points reward goes back to the default coupon. */
export const useRemoveReferralPoints = () =>
  useMutation({ mutationFn: () => api.get<ReferralSettings>('/referral-setting/delete/referralpoints'), onSuccess: refresh(referralKeys.settings) });

/** Data host POST referral/cancel and referral/unblock (the review queue). */
export const useReferralDecision = () =>
  useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'cancel' | 'unblock' }) =>
      api.post<{ id: number; state: ReferralStateName }>(`/referral/${decision}`, { id }, data),
    onSuccess: refresh(referralKeys.list),
  });
