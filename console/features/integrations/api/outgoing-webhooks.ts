import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DeliveryPage, DeliveryRecord, EndpointBody, EndpointRecord } from '../../../../server/contract/outgoing-webhooks.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

const outgoingKeys = { root: ['integrations', 'outgoing-webhooks'] as const };

/** GET /outgoing-webhooks: the endpoints with their delivery counts. */
export const endpointsQuery = () =>
  queryOptions({ queryKey: [...outgoingKeys.root, 'endpoints'] as const, queryFn: () => api.get<EndpointRecord[]>('/outgoing-webhooks') });

/** GET /outgoing-webhooks/deliveries as a table page, newest first. */
export const deliveryLogQuery = (params: TableParams) =>
  queryOptions({
    queryKey: [...outgoingKeys.root, 'deliveries', params] as const,
    queryFn: async (): Promise<TablePage<DeliveryRecord>> => {
      const page = await api.get<DeliveryPage>('/outgoing-webhooks/deliveries', { params: { page: params.page, per_page: params.pageSize } });
      return { rows: page.data, total: page.total };
    },
  });

const refresh = () => queryClient.invalidateQueries({ queryKey: outgoingKeys.root });

/** POST /outgoing-webhooks */
export const useCreateEndpoint = () =>
  useMutation({ mutationFn: (body: EndpointBody) => api.post<EndpointRecord>('/outgoing-webhooks', body), onSuccess: refresh });
/** DELETE /outgoing-webhooks/{id} */
export const useRemoveEndpoint = () => useMutation({ mutationFn: (id: number) => api.delete<void>(`/outgoing-webhooks/${id}`), onSuccess: refresh });
