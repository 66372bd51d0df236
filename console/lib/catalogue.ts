import { queryOptions } from '@tanstack/react-query';
import type { CollectionRecord, ProductRecord, ProductTagRecord, VariantRecord } from '../../server/contract/products.ts';
import type { ComboOption } from '../components/ui/aria/ComboBox.tsx';
import { api } from './runtime.ts';

/** What a rule can name from the store's catalogue. */
export type CatalogueKind = 'products' | 'collections' | 'tags' | 'variants';

/** Query keys of the store's catalogue (a product import refreshes them all). */
export const catalogueKeys = { all: ['catalogue'] as const, imports: ['catalogue', 'imports'] as const };

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
