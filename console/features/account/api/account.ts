import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordChangeBody } from '../../../../server/contract/session.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import type { StoreListItem } from '../../../lib/api/types.ts';
import { api, session } from '../../../lib/runtime.ts';

/** Query keys of the account area. */
const accountKeys = { stores: ['account', 'stores'] as const };

/**
 * GET /store/list as a table page: the call answers the user's (few) stores at once, so search,
 * sort and paging of the view happen on that answer.
 */
export const storeListQuery = (params: TableParams) =>
  queryOptions({
    queryKey: [...accountKeys.stores, params] as const,
    queryFn: async (): Promise<TablePage<StoreListItem>> => {
      const text = params.search.trim().toLowerCase();
      let rows = (await session.getStoreList()).filter((store) => !text || `${store.store_title} ${store.store_name}`.toLowerCase().includes(text));
      if (params.sort) {
        const key = params.sort.id === 'store_name' ? 'store_name' : 'store_title';
        rows = [...rows].sort((a, b) => a[key].localeCompare(b[key]) * (params.sort!.desc ? -1 : 1));
      }
      return { rows: rows.slice((params.page - 1) * params.pageSize, params.page * params.pageSize), total: rows.length };
    },
  });

/** POST /account/password (the user's other sessions end). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: z.infer<typeof passwordChangeBody>) => api.post('/account/password', body),
  });
