import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  MemberTierView,
  SimulateBody,
  SimulationView,
  TierActivityView,
  TierBody,
  TierView,
  VipJobView,
  VipSettingsBody,
  VipSettingsView,
} from '../../../../server/contract/vip.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

const data = { host: 'data' } as const;

/** Query keys of the VIP area (rooted at 'vip'). */
export const vipKeys = {
  all: ['vip'] as const,
  tiers: ['vip', 'tiers'] as const,
  settings: ['vip', 'settings'] as const,
  simulation: ['vip', 'simulation'] as const,
  member: ['vip', 'member'] as const,
};

interface TierList {
  data: TierView[];
  total: number;
  settings: VipSettingsView;
}

/** GET /vip?limit&page: every tier (lowest first) with perks and members. */
export const tiersQuery = () => queryOptions({ queryKey: vipKeys.tiers, queryFn: () => api.get<TierList>('/vip', { params: { limit: 100, page: 1 } }) });

/** GET /vip/settings */
export const vipSettingsQuery = () => queryOptions({ queryKey: vipKeys.settings, queryFn: () => api.get<VipSettingsView>('/vip/settings') });

/** POST /vip/simulate: how members would move, computed on the server; nothing saved. */
export const simulationQuery = (body: SimulateBody | null) =>
  queryOptions({
    queryKey: [...vipKeys.simulation, body] as const,
    queryFn: () => api.post<SimulationView>('/vip/simulate', body),
    enabled: body !== null,
    staleTime: 10_000,
  });

/** GET /vip/jobs/{id}: the progress of moving members after a change. */
export const fetchVipJob = (id: string) => api.get<VipJobView>(`/vip/jobs/${id}`);

const refresh = () => queryClient.invalidateQueries({ queryKey: vipKeys.all });

/** POST /vip/store: the tier and the job moving members. */
export const useSaveTier = () =>
  useMutation({ mutationFn: (body: TierBody) => api.post<{ tier: TierView; job: VipJobView }>('/vip/store', body), onSuccess: refresh });

/** DELETE /vip/{id} */
export const useDeleteTier = () => useMutation({ mutationFn: (id: number) => api.delete<{ id: number; job: VipJobView }>(`/vip/${id}`), onSuccess: refresh });

/** POST /vip/settings/store */
export const useSaveVipSettings = () =>
  useMutation({
    mutationFn: (body: VipSettingsBody) => api.post<{ settings: VipSettingsView; job: VipJobView }>('/vip/settings/store', body),
    onSuccess: refresh,
  });

/** data host POST vip/tiers with a customer: the member's tier and progress. */
export const memberTierQuery = (customerId: number) =>
  queryOptions({
    queryKey: [...vipKeys.member, customerId] as const,
    queryFn: () => api.post<{ tiers: TierView[]; member: MemberTierView }>('/vip/tiers', { customer_id: customerId }, data),
  });

/** data host GET vip/activity of one customer. */
export const memberTierActivityQuery = (customerId: number) =>
  queryOptions({
    queryKey: [...vipKeys.member, customerId, 'activity'] as const,
    queryFn: () => api.get<{ data: TierActivityView[]; total: number }>('/vip/activity', { ...data, params: { customer_id: customerId, limit: 20, page: 1 } }),
  });

/** data host POST vip/switch */
export const useSwitchTier = () =>
  useMutation({
    mutationFn: (body: { customer_id: number; tier_id: number | null; reason: string }) =>
      api.post<{ changed: boolean; member: MemberTierView }>('/vip/switch', body, data),
    onSuccess: refresh,
  });
