import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiClientCreateBody, ApiClientCreated, ApiClientPage, ApiClientRecord } from '../../../../server/contract/api-clients.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

/** Query keys of the integrations area. */
const integrationKeys = { apiClients: ['integrations', 'api-clients'] as const };

/** GET /oauth/clients?search&page&per_page as a table page (newest first). */
export const apiClientListQuery = (params: TableParams) =>
  queryOptions({
    queryKey: [...integrationKeys.apiClients, params] as const,
    queryFn: async (): Promise<TablePage<ApiClientRecord>> => {
      const search = params.search.trim();
      const page = await api.get<ApiClientPage>('/oauth/clients', {
        params: { page: params.page, per_page: params.pageSize, ...(search ? { search } : {}) },
      });
      return { rows: page.data, total: page.total };
    },
  });

const refreshClients = () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiClients });

/** POST /oauth/clients: the answer holds the client secret, shown once. */
export const useCreateApiClient = () =>
  useMutation({
    mutationFn: (body: ApiClientCreateBody) => api.post<ApiClientCreated>('/oauth/clients', body),
    onSuccess: refreshClients,
  });

/** DELETE /oauth/clients/{id}: the client and its tokens stop working at once. */
export const useRevokeApiClient = () =>
  useMutation({
    mutationFn: (id: number) => api.delete<void>(`/oauth/clients/${id}`),
    onSuccess: refreshClients,
  });
