import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsBody, ChartsAnswer, FilterOptionsAnswer, MetricsAnswer } from '../../../../server/contract/analytics.ts';
import type { Experiment } from '../../../../server/contract/experiments.ts';
import { api } from '../../../lib/runtime.ts';

/** Query keys of analytics, rooted at `analytics` (spec §4: reset on login, `state/client-state.ts`). */
const analyticsKeys = {
  filters: ['analytics', 'filter-options'] as const,
  metrics: ['analytics', 'metrics'] as const,
  charts: ['analytics', 'charts'] as const,
};

/** Data host POST analytics/filter-options. */
export const filterOptionsQuery = () =>
  queryOptions({ queryKey: analyticsKeys.filters, queryFn: () => api.post<FilterOptionsAnswer>('/analytics/filter-options', {}, { host: 'data' }) });

/** Data host POST analytics/metrics; the last answer stays shown while a new period loads. */
export const metricsQuery = (body: AnalyticsBody) =>
  queryOptions({
    queryKey: [...analyticsKeys.metrics, body] as const,
    queryFn: () => api.post<MetricsAnswer>('/analytics/metrics', body, { host: 'data' }),
    placeholderData: keepPreviousData,
  });

/** Data host POST analytics/charts. */
export const chartsQuery = (body: AnalyticsBody) =>
  queryOptions({
    queryKey: [...analyticsKeys.charts, body] as const,
    queryFn: () => api.post<ChartsAnswer>('/analytics/charts', body, { host: 'data' }),
    placeholderData: keepPreviousData,
  });

/** GET /onsite-display/experiments: when each experiment ran, shaded on the time charts. */
export const experimentPeriodsQuery = () =>
  queryOptions({ queryKey: ['analytics', 'experiment-periods'] as const, queryFn: () => api.get<Experiment[]>('/onsite-display/experiments'), retry: false });
