import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ReceiptRecord } from '../../../../server/contract/receipts.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { requestHeaders } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { api, queryClient } from '../../../lib/runtime.ts';
import { consoleStore, sessionTokens } from '../../../state/store.ts';
import { customerKeys } from './customers.ts';

export type ReceiptStatus = 'pending' | 'approved' | 'rejected' | 'all';
const data = { host: 'data' } as const;
const receiptKeys = { all: [...customerKeys.all, 'receipts'] as const };

/** Data host POST receipt/list?page: the store's receipts in a state, as a table page. */
export const receiptListQuery = (status: ReceiptStatus) => (params: TableParams) =>
  queryOptions({
    queryKey: [...receiptKeys.all, status, params] as const,
    queryFn: async ({ signal }): Promise<TablePage<ReceiptRecord>> => {
      const answer = await api.post<{ data: ReceiptRecord[]; total: number }>(
        '/receipt/list',
        { status, limit: params.pageSize },
        { ...data, params: { page: params.page }, signal },
      );
      return { rows: answer.data, total: answer.total };
    },
  });

/** A receipt's photo (staff only, so read with the session's headers) as an object URL. */
export const receiptImageQuery = (receipt: Pick<ReceiptRecord, 'id' | 'image_url'>) =>
  queryOptions({
    queryKey: ['receipt-image', receipt.id] as const,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await fetch(`${getConfig().dataBase}${receipt.image_url}`, {
        headers: requestHeaders(sessionTokens(consoleStore().getState()), false),
        signal,
      });
      if (!response.ok) throw new ApiError('The image could not be loaded.', { kind: 'bad request', status: response.status });
      return URL.createObjectURL(await response.blob());
    },
  });

/** Data host POST receipt/review: approve (points by the order rule, once) or reject with a reason. */
export const useReviewReceipt = () =>
  useMutation({
    mutationFn: (body: { receipt_id: number; action: 'approve' } | { receipt_id: number; action: 'reject'; reason: string }) =>
      api.post<ReceiptRecord>('/receipt/review', body, data),
    // the queue, and the customer's balance and timeline, are read again
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
