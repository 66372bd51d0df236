import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ImportRecord, ProductImportBody, ProductPage, ProductRecord } from '../../../../server/contract/products.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { catalogueKeys } from '../../../lib/catalogue.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

/** Data host POST /list/products as a table page (Product History). */
export const productTableQuery = (params: TableParams) =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'table', params] as const,
    queryFn: async (): Promise<TablePage<ProductRecord>> => {
      const search = params.search.trim();
      const page = await api.post<ProductPage>('/list/products', undefined, {
        host: 'data',
        params: { page: params.page, limit: params.pageSize, ...(search ? { search } : {}) },
      });
      return { rows: page.data, total: page.total };
    },
  });

/** Data host GET /product/imports: the newest product imports with their progress (polled while one runs). */
export const productImportsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.imports,
    queryFn: () => api.get<ImportRecord[]>('/product/imports', { host: 'data' }),
    refetchInterval: (query) => (query.state.data?.some((record) => record.status === 'queued' || record.status === 'running') ? 1_000 : false),
  });

/** Data host POST product/import: a CSV file as text, or a JSON file's products. Small files answer done, large ones queued. */
export const useImportProducts = () =>
  useMutation({
    mutationFn: (body: ProductImportBody) => api.post<ImportRecord>('/product/import', body, { host: 'data' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });

/** Data host GET product/import/{id}: one import's progress (JobProgress polls it). */
export const productImportStatus = (id: string) => api.get<ImportRecord>(`/product/import/${id}`, { host: 'data' });
