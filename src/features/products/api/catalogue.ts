import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CollectionRecord,
  ImportRecord,
  ProductImportBody,
  ProductPage,
  ProductRecord,
  ProductTagRecord,
  VariantRecord,
} from '../../../../server/contract/products.ts';
import type { ComboOption } from '../../../components/ui/aria/ComboBox.tsx';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient } from '../../../lib/runtime.ts';

/** What a rule can name from the store's catalogue. */
export type CatalogueKind = 'products' | 'collections' | 'tags' | 'variants';

const catalogueKeys = { all: ['catalogue'] as const, imports: ['catalogue', 'imports'] as const };

interface Page<T> {
  data: T[];
  total: number;
}

const SOURCES: Record<CatalogueKind, { path: string; option: (row: never) => ComboOption }> = {
  products: { path: '/list/products', option: (row: ProductRecord) => ({ id: row.id, label: row.title }) },
  collections: { path: '/list/collections', option: (row: CollectionRecord) => ({ id: row.id, label: row.title }) },
  tags: { path: '/list/product/tags', option: (row: ProductTagRecord) => ({ id: row.tag, label: row.tag }) },
  variants: {
    path: '/list/product/varaints',
    option: (row: VariantRecord) => ({ id: row.id, label: `${row.product_title} — ${row.title || row.sku || row.id}` }),
  },
};

/** Data host list/products, list/collections, list/product/tags, list/product/varaints: the first 20 matches of the typed text, as picker options. */
export const catalogueOptionsQuery = (kind: CatalogueKind, search: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.all, kind, search] as const,
    queryFn: async (): Promise<ComboOption[]> => {
      const { path, option } = SOURCES[kind];
      const page = await api.post<Page<never>>(path, undefined, { host: 'data', params: { limit: 20, page: 1, ...(search ? { search } : {}) } });
      return page.data.map(option);
    },
    staleTime: 30_000,
  });

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

export { catalogueKeys };

/** Data host POST product/import: a CSV file as text, or a JSON file's products. Small files answer done, large ones queued. */
export const useImportProducts = () =>
  useMutation({
    mutationFn: (body: ProductImportBody) => api.post<ImportRecord>('/product/import', body, { host: 'data' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });

/** Data host GET product/import/{id}: one import's progress (JobProgress polls it). */
export const productImportStatus = (id: string) => api.get<ImportRecord>(`/product/import/${id}`, { host: 'data' });
