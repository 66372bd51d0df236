import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivityItem, DashboardStatus } from '../../../../server/contract/dashboard.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

/** Query keys of the dashboard. */
const dashboardKeys = { status: ['dashboard', 'status'] as const, activity: ['dashboard', 'activity'] as const };

/** How often the latest activity is read again while the dashboard is open. */
export const ACTIVITY_REFRESH_MS = 30_000;

/** GET /dashboard/status: setup progress and the headline figures. */
export const dashboardStatusQuery = () => queryOptions({ queryKey: dashboardKeys.status, queryFn: () => api.get<DashboardStatus>('/dashboard/status') });
export const useDashboardStatus = () => useQuery(dashboardStatusQuery());

/** Data host GET dashboard/activities: the newest items, read again every 30 s (live). */
export const useLatestActivity = (limit = 10) =>
  useQuery({
    queryKey: [...dashboardKeys.activity, limit] as const,
    queryFn: () => api.get<ActivityItem[]>('/dashboard/activities', { host: 'data', params: { limit } }),
    refetchInterval: ACTIVITY_REFRESH_MS,
  });

/** Data host POST dashboard/dismiss: hides the setup list for good. */
export const useDismissSetup = () =>
  useMutation({
    mutationFn: () => api.post<DashboardStatus['setup']>('/dashboard/dismiss', undefined, { host: 'data' }),
    onSuccess: (setup) => queryClient.setQueryData<DashboardStatus>(dashboardKeys.status, (status) => (status ? { ...status, setup } : status)),
  });
