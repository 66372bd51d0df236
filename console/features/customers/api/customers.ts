import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adjustPointsBody } from '../../../../server/contract/customer-points.ts';
import type {
  CustomerImportJob,
  CustomerTag,
  CustomerListAnswer,
  CustomerListQuery,
  CustomerRow,
  DataRequestRecord,
  ImportCheck,
  ProgramStatus,
} from '../../../../server/contract/customers.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { requestHeaders } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { api, queryClient } from '../../../lib/runtime.ts';
import { consoleStore, sessionTokens } from '../../../state/store.ts';

/** The list's filters besides the table's own view (kept in the URL by the page). */
export type CustomerFilters = Pick<CustomerListQuery, 'program_status' | 'source' | 'vip_tier' | 'points' | 'tag' | 'type'>;

/** Query keys of the area, rooted at `customers` so the spec §4 rules (state/client-state.ts) drop them. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (params: TableParams, filters: CustomerFilters) => ['customers', 'list', params, filters] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  tags: ['customers', 'tags'] as const,
};

const data = { host: 'data' } as const;
const withoutEmpty = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

/** The list call's parameters for a table view and the filters. */
export const listParams = (params: TableParams, filters: CustomerFilters) =>
  withoutEmpty({
    page: params.page,
    limit: params.pageSize,
    search: params.search.trim(),
    sort_by: params.sort ? `${params.sort.desc ? '-' : ''}${params.sort.id}` : undefined,
    ...filters,
  });

/** Data host GET /customer?page with the spec's params, as a table page. */
export const customerListQuery = (filters: CustomerFilters) => (params: TableParams) =>
  queryOptions({
    queryKey: customerKeys.list(params, filters),
    queryFn: async ({ signal }): Promise<TablePage<CustomerRow>> => {
      const answer = await api.get<CustomerListAnswer>('/customer', { ...data, params: listParams(params, filters), signal });
      return { rows: answer.data, total: answer.total, capped: answer.total_capped };
    },
  });

/** Data host GET customer/show/{id}. */
export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ item: CustomerRow }>(`/customer/show/${id}`, { ...data, signal }).then((answer) => answer.item),
  });

export interface TimelineEntry {
  id: number;
  type: string;
  points: number;
  pending_points: number;
  source_type: string;
  source_id: string;
  rule_key: string;
  computation: string;
  reason: string | null;
  created_at: string;
  /** its points wait for the merchant's approval (an order in another currency) */
  held: boolean;
}

/** Data host POST transaction/points: every entry that changed the customer's points, newest first. */
export const timelineQuery = (id: number, page: number, limit = 20) =>
  queryOptions({
    queryKey: [...customerKeys.detail(id), 'timeline', page, limit] as const,
    queryFn: () => api.post<{ data: TimelineEntry[]; total: number }>('/transaction/points', { customer_id: id, page, limit }, data),
  });

export interface RewardRow {
  id: number;
  title: string;
  code: string;
  status: string;
  points_spent: number;
  expires_at: string | null;
  created_at: string;
  /** the code on the shop's platform (null: the store has no platform connection); the error says why it was refused or waits */
  platform_state?: string | null;
  platform_error?: string | null;
}

/** Data host POST transaction/rewards: the customer's rewards with their codes and state. */
export const rewardsQuery = (id: number) =>
  queryOptions({
    queryKey: [...customerKeys.detail(id), 'rewards'] as const,
    queryFn: () => api.post<{ data: RewardRow[] }>('/transaction/rewards', { customer_id: id, page: 1, limit: 50 }, data).then((answer) => answer.data),
  });

/** After a change to one customer: their detail and every list page are read again. */
const refreshCustomers = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });

/** Data host POST customer/adjust/points (a reason is required; the balance never goes below zero). */
export const useAdjustPoints = () =>
  useMutation({ mutationFn: (body: z.input<typeof adjustPointsBody>) => api.post('/customer/adjust/points', body, data), onSuccess: refreshCustomers });

/** Data host POST customer/points/approve: a held entry's points become available (answers the customer's totals). */
export const useApproveHeldPoints = () =>
  useMutation({
    mutationFn: (entryId: number) =>
      api.post<{ account: { balance: number; pending: number; lifetime: number } }>('/customer/points/approve', { entry_id: entryId }, data),
    onSuccess: refreshCustomers,
  });

/** Data host POST customer/birthday: answers the day the birthday reward is given (spec §5). */
export const useSetBirthday = () =>
  useMutation({
    mutationFn: (body: { customer_id: number; birthday: string }) => api.post<{ birthday: string; reward_on: string }>('/customer/birthday', body, data),
    onSuccess: refreshCustomers,
  });

/** Data host POST customer/program/change: exclude from the program or include again. */
export const useChangeProgram = () =>
  useMutation({
    mutationFn: (body: { customer_ids: number[]; program_status: ProgramStatus }) => api.post<{ changed: number }>('/customer/program/change', body, data),
    onSuccess: refreshCustomers,
  });

/** Data host POST customer/delete. */
export const useDeleteCustomer = () =>
  useMutation({ mutationFn: (id: number) => api.post('/customer/delete', { customer_id: id }, data), onSuccess: refreshCustomers });

/** Data host POST /customer/points/refund: an unused reward is rolled back and its points come back. */
export const useRefundReward = () =>
  useMutation({ mutationFn: (body: { reward_id: number; reason?: string }) => api.post('/customer/points/refund', body, data), onSuccess: refreshCustomers });

/** Data host POST customer/export: the CSV of the chosen customers, streamed by the server, saved as a file. */
export const exportCustomers = (body: Record<string, unknown>) => fetchCsv('/customer/export', 'POST', body);

/** A file answer of the data host (the api client reads JSON only): a CSV unless the server names another file. */
async function fetchCsv(path: string, method: 'GET' | 'POST', body?: Record<string, unknown>): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(`${getConfig().dataBase}${path}`, {
    method,
    headers: requestHeaders(sessionTokens(consoleStore().getState()), body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(answer.message ?? 'The export failed.', { kind: 'bad request', status: response.status, serverMessage: answer.message });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'customers.csv';
  return { blob: await response.blob(), filename };
}

export interface ExportJob {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  error: string | null;
}

/** Data host POST customer/export with background: the job (202) to follow. */
export const startExport = (body: Record<string, unknown>) => api.post<ExportJob>('/customer/export', { ...body, background: true }, data);

/** Data host GET customer/export/{id}: the export's progress. */
export const exportStatus = (id: string) => api.get<ExportJob>(`/customer/export/${id}`, data);

/** Data host POST customer/export/dismiss: the export and its file are forgotten. */
export const dismissExport = (id: string) => api.post('/customer/export/dismiss', { id: Number(id) }, data);

/** The finished export's file, streamed by the server. */
export async function downloadExport(id: string): Promise<{ blob: Blob; filename: string }> {
  return fetchCsv(`/customer/export/${id}/file`, 'GET');
}

/** Data host GET customer/data-requests: the shop's requests for this customer's data. */
export const dataRequestsQuery = (customerId: number) =>
  queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'data-requests'],
    queryFn: ({ signal }) => api.get<DataRequestRecord[]>(`/customer/data-requests?customer_id=${customerId}`, { ...data, signal }),
  });

/** The file answering a data request: the customer's profile, ledger, rewards and referrals (JSON). */
export const downloadDataRequest = (id: number) => fetchCsv(`/customer/data-requests/${id}/file`, 'GET');

/** Data host POST customer/import with dry_run: every problem of the file, nothing written. */
export const checkImport = (body: { csv: string; mapping?: ImportCheck['mapping'] }) =>
  api.post<ImportCheck>('/customer/import', { ...body, dry_run: true }, data);

/** Data host POST customer/import: a file without problems (or, skipping bad rows, its good rows) becomes a background job (202). */
export const startImport = (body: { csv: string; mapping?: ImportCheck['mapping']; skip_bad_rows?: boolean }) =>
  api.post<CustomerImportJob>('/customer/import', body, data);

/** Data host GET customer/import/{id}: the import's progress (the list is read again once it is done). */
export const importStatus = async (id: string) => {
  const job = await api.get<CustomerImportJob>(`/customer/import/${id}`, data);
  if (job.status === 'done') void refreshCustomers();
  return job;
};

/** Base API POST /customer/invite: the chosen customers, or every past customer who never joined. */
export const useInviteCustomers = () =>
  useMutation({ mutationFn: (body: { customer_ids?: number[] }) => api.post<{ invited: number }>('/customer/invite', body) });

/** Data host GET tag: the customer tags in use with how many carry each (the first 100, by name). */
export const customerTagsQuery = () =>
  queryOptions({
    queryKey: customerKeys.tags,
    queryFn: ({ signal }) => api.get<{ data: CustomerTag[] }>('/tag', { ...data, params: { limit: 100 }, signal }).then((answer) => answer.data),
  });

/** Data host POST tag/customer with a body: tags added to and removed from the chosen customers. */
export const useTagCustomers = () =>
  useMutation({
    mutationFn: (body: { customer_ids: number[]; add: string[]; remove: string[] }) => api.post<{ changed: number }>('/tag/customer', body, data),
    onSuccess: refreshCustomers,
  });
