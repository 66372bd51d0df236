import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AppId, AppInfo, AppIntegrateBody, AppRecord, EventPage, WebhookEventRecord } from '../../../../server/contract/apps.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

const appKeys = { apps: ['integrations', 'apps'] as const, events: ['integrations', 'events'] as const };

/** GET /apps: the supported apps with their state and last event. */
export const appsQuery = () => queryOptions({ queryKey: appKeys.apps, queryFn: () => api.get<AppRecord[]>('/apps') });

/** POST /apps/info: where the app's webhooks go and how they are signed. */
export const appInfoQuery = (app: AppId) =>
  queryOptions({ queryKey: [...appKeys.apps, 'info', app] as const, queryFn: () => api.post<AppInfo>('/apps/info', { app }) });

/** GET /apps/event-list as a table page, newest first. */
export const eventListQuery = (params: TableParams) =>
  queryOptions({
    queryKey: [...appKeys.events, params] as const,
    queryFn: async (): Promise<TablePage<WebhookEventRecord>> => {
      const page = await api.get<EventPage>('/apps/event-list', { params: { page: params.page, per_page: params.pageSize } });
      return { rows: page.data, total: page.total };
    },
  });

const refresh = () => queryClient.invalidateQueries({ queryKey: ['integrations'] });

/** POST /apps/integrate */
export const useIntegrateApp = () => useMutation({ mutationFn: (body: AppIntegrateBody) => api.post<AppInfo>('/apps/integrate', body), onSuccess: refresh });
/** DELETE /apps/{id} */
export const useDisconnectApp = () => useMutation({ mutationFn: (app: AppId) => api.delete<void>(`/apps/${app}`), onSuccess: refresh });
/** Data host POST account/webhooks-sync: failed events are tried again. */
export const useWebhookSync = () =>
  useMutation({ mutationFn: () => api.post<{ retried: number }>('/account/webhooks-sync', {}, { host: 'data' }), onSuccess: refresh });
