import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderStatusSettingsRecord, orderStatusSettingsBody } from '../../../../server/contract/apps.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

const orderKeys = { settings: ['integrations', 'order-settings'] as const, recent: ['integrations', 'orders'] as const };

/** GET /order/list: the statuses each platform sends and which award and cancel. */
export const orderSettingsQuery = () => queryOptions({ queryKey: orderKeys.settings, queryFn: () => api.get<OrderStatusSettingsRecord>('/order/list') });

/** POST /order/store */
export const useSaveOrderSettings = () =>
  useMutation({
    mutationFn: (body: z.infer<typeof orderStatusSettingsBody>) => api.post<OrderStatusSettingsRecord>('/order/store', body),
    onSuccess: (saved) => queryClient.setQueryData(orderKeys.settings, saved),
  });

export interface RecentOrder {
  id: number;
  platform: string;
  number: string | null;
  customer_email: string | null;
  total_minor: number;
  currency: string;
  refunded_minor: number;
  cancelled: boolean;
  points: number;
  updated_at: string;
}

/** Data host POST list/orders: the newest received or imported orders with the points they earned. */
export const recentOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.recent,
    queryFn: async () => (await api.post<{ data: RecentOrder[] }>('/list/orders', undefined, { host: 'data', params: { limit: 20, page: 1 } })).data,
  });
