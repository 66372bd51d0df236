import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AwardFilterAttribute, AwardPreview, AwardRow, awardFilterSchema } from '../../../../server/contract/customers.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient } from '../../../lib/runtime.ts';
import { customerKeys } from './customers.ts';

export type AwardFilter = z.input<typeof awardFilterSchema>;

const data = { host: 'data' } as const;
const awardKeys = {
  attributes: [...customerKeys.all, 'awards', 'attributes'] as const,
  history: (params: TableParams) => [...customerKeys.all, 'awards', 'history', params] as const,
  preview: (filter: AwardFilter, points: number) => [...customerKeys.all, 'awards', 'preview', filter, points] as const,
};

/** GET /award/filter-attributes: what an award can choose customers by, with the store's tiers and tags. */
export const awardAttributesQuery = () =>
  queryOptions({
    queryKey: awardKeys.attributes,
    queryFn: ({ signal }) => api.get<AwardFilterAttribute[]>('/award/filter-attributes', { signal }),
  });

/** Data host POST award/preview: how many members the filter reaches and the points in all (nothing written). */
export const awardPreviewQuery = (filter: AwardFilter, points: number) =>
  queryOptions({
    queryKey: awardKeys.preview(filter, points),
    queryFn: () => api.post<AwardPreview>('/award/preview', { filter, points }, data),
  });

/** GET /award/history?limit&page: the store's awards, newest first, with who granted what. */
export const awardHistoryQuery = (params: TableParams) =>
  queryOptions({
    queryKey: awardKeys.history(params),
    queryFn: async ({ signal }): Promise<TablePage<AwardRow>> => {
      const answer = await api.get<{ data: AwardRow[]; total: number }>('/award/history', { params: { page: params.page, limit: params.pageSize }, signal });
      return { rows: answer.data, total: answer.total };
    },
  });

/** POST /award/update: saves the draft; GET /award/grant starts it in the background (once) and answers it. */
export const useGrantAward = () =>
  useMutation({
    mutationFn: async (body: { name: string; points: number; filter: AwardFilter }) => {
      const draft = await api.post<AwardRow>('/award/update', body);
      return api.get<AwardRow>('/award/grant', { params: { award_id: draft.id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'awards', 'history'] }),
  });

/** GET /award/grant?award_id of a started award: its progress (a repeated call grants nothing again). */
export const awardStatus = async (id: string) => {
  const award = await api.get<AwardRow>('/award/grant', { params: { award_id: id } });
  if (award.status === 'done' || award.status === 'failed') void queryClient.invalidateQueries({ queryKey: customerKeys.all });
  return award;
};
