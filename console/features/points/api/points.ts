import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EarningRuleBody, earningRuleRecord, ExpirySettings, ImpactPreview, ImpactPreviewBody } from '../../../../server/contract/points.ts';
import type { ActivityEntry, ActivityQuery } from '../../../../server/contract/points-activity.ts';
import type { CustomerTransactionRow } from '../../../../server/contract/customers.ts';
import type { RedeemRuleBody } from '../../../../server/contract/redeem.ts';
import type { CouponBody } from '../../../../server/contract/coupons.ts';
import type { TablePage } from '../../../components/ui/table/DataTable.tsx';
import type { TableParams } from '../../../components/ui/table/table-params.ts';
import { api, queryClient, session } from '../../../lib/runtime.ts';

export type EarningRule = z.infer<typeof earningRuleRecord>;
export type EarningGroups = Record<'orders' | 'actions' | 'social' | 'custom', EarningRule[]>;
export interface RedeemRule {
  id: number;
  type: RedeemRuleBody['type'];
  title: string;
  status: 'active' | 'inactive';
  points_cost: number;
  discount_value: number;
  config: RedeemRuleBody['config'];
  description: string;
  created_at: string;
  updated_at: string;
}
export interface Coupon {
  id: number;
  title: string;
  discount_type: CouponBody['discount_type'];
  discount_value: number;
  status: 'active' | 'inactive';
  config: CouponBody['config'];
  description: string;
  created_at: string;
  updated_at: string;
}
export interface CouponKind {
  type: CouponBody['discount_type'];
  label: string;
  unit: 'minor' | 'percent' | 'none';
}
interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** Query keys of the points area (rooted at 'points'). */
export const pointsKeys = {
  all: ['points'] as const,
  earning: ['points', 'earning'] as const,
  redeem: ['points', 'redeem'] as const,
  expiry: ['points', 'expiry'] as const,
  platform: ['points', 'platform-action'] as const,
  activity: ['points', 'activity'] as const,
  customerActivity: ['points', 'customer-activity'] as const,
  coupons: ['points', 'coupons'] as const,
  couponKinds: ['points', 'coupon-kinds'] as const,
};

/** GET /points/action/rule/grouping?status=all: the ways to earn, grouped as the server groups them (spec "action rules fetch"). */
export const earningGroupsQuery = () =>
  queryOptions({
    queryKey: pointsKeys.earning,
    queryFn: async () => (await api.get<{ groups: EarningGroups }>('/points/action/rule/grouping', { params: { status: 'all' } })).groups,
  });

/** GET /platform-action: the platform and the rule types it offers. */
export const platformActionsQuery = () =>
  queryOptions({
    queryKey: pointsKeys.platform,
    queryFn: () => api.get<{ platform: string; actions: string[]; rule_types: string[] }>('/platform-action'),
    staleTime: 10 * 60_000,
  });

/** GET /redeem?limit=100: every way to redeem (spec "point redeem fetch"). */
export const redeemRulesQuery = () =>
  queryOptions({
    queryKey: pointsKeys.redeem,
    queryFn: async () => (await api.get<Paged<RedeemRule>>('/redeem', { params: { limit: 100, page: 1, status: 'all' } })).data,
  });

/** GET /points/expiry/detail */
export const expiryQuery = () => queryOptions({ queryKey: pointsKeys.expiry, queryFn: () => api.get<ExpirySettings>('/points/expiry/detail') });

/** GET /points/activity as a table page. */
export const activityQuery = (filter: ActivityQuery) =>
  queryOptions({
    queryKey: [...pointsKeys.activity, filter] as const,
    queryFn: async (): Promise<TablePage<ActivityEntry>> => {
      const params = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
      const page = await api.get<Paged<ActivityEntry>>('/points/activity', { params });
      return { rows: page.data, total: page.total };
    },
  });

/** The period of the by-customer activity (UTC days, inclusive; none: all time). */
export interface ActivityPeriod {
  from?: string | undefined;
  to?: string | undefined;
}

/** Data host POST transaction/customer/list: each customer's points activity in the period, as a table page. */
export const customerActivityQuery = (period: ActivityPeriod) => (params: TableParams) =>
  queryOptions({
    queryKey: [...pointsKeys.customerActivity, period, params] as const,
    queryFn: async ({ signal }): Promise<TablePage<CustomerTransactionRow>> => {
      const body = {
        page: params.page,
        limit: params.pageSize,
        ...(params.search.trim() ? { search: params.search.trim() } : {}),
        ...(period.from ? { from: period.from } : {}),
        ...(period.to ? { to: period.to } : {}),
        ...(params.sort ? { sort_by: `${params.sort.desc ? '-' : ''}${params.sort.id}` } : {}),
      };
      const page = await api.post<Paged<CustomerTransactionRow>>('/transaction/customer/list', body, { host: 'data', signal });
      return { rows: page.data, total: page.total };
    },
  });

const refresh = (key: readonly string[]) => () => queryClient.invalidateQueries({ queryKey: key });

/** POST /points/store or /points/update (with an id). */
export const useSaveEarningRule = () =>
  useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: EarningRuleBody }) =>
      id === undefined ? api.post<EarningRule>('/points/store', body) : api.post<EarningRule>('/points/update', { ...body, id }),
    onSuccess: refresh(pointsKeys.earning),
  });

/** DELETE /points/{id}: the rule goes, its ledger entries stay (spec "point delete"). */
export const useDeleteEarningRule = () => useMutation({ mutationFn: (id: number) => api.delete(`/points/${id}`), onSuccess: refresh(pointsKeys.earning) });

/** POST /redeem/store or /redeem/update (with an id). */
export const useSaveRedeemRule = () =>
  useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: RedeemRuleBody }) =>
      id === undefined ? api.post<RedeemRule>('/redeem/store', body) : api.post<RedeemRule>('/redeem/update', { ...body, id }),
    onSuccess: refresh(pointsKeys.redeem),
  });

/** DELETE /redeem/{id}: issued rewards stay (spec "point redeem delete"). */
export const useDeleteRedeemRule = () => useMutation({ mutationFn: (id: number) => api.delete(`/redeem/${id}`), onSuccess: refresh(pointsKeys.redeem) });

/** POST /points/expiry/create */
export const useSaveExpiry = () =>
  useMutation({ mutationFn: (body: ExpirySettings) => api.post<ExpirySettings>('/points/expiry/create', body), onSuccess: refresh(pointsKeys.expiry) });

/** POST /store/setting/update with the points label; the user's details (which carry the store) are read again after. */
export const useSavePointsLabel = () =>
  useMutation({
    mutationFn: (words: { points_label: string; points_label_singular: string }) => session.saveUserSettings(words),
    // the rules' descriptions count points in the label
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['user-details'] }), queryClient.invalidateQueries({ queryKey: pointsKeys.all })]),
  });

/** The body of an update from a stored rule (the status switch sends the whole rule, as the call wants). */
export const earningBodyOf = (rule: EarningRule, change: Partial<EarningRuleBody> = {}): EarningRuleBody =>
  ({
    type: rule.type,
    title: rule.title,
    status: rule.status,
    points: rule.points,
    limit_type: rule.limit_type,
    limit_days: rule.limit_days,
    limit_total: rule.limit_total,
    config: rule.config,
    ...change,
  }) as EarningRuleBody;

export const redeemBodyOf = (rule: RedeemRule, change: Partial<RedeemRuleBody> = {}): RedeemRuleBody => ({
  type: rule.type,
  title: rule.title,
  status: rule.status,
  points_cost: rule.points_cost,
  discount_value: rule.discount_value,
  config: rule.config,
  ...change,
});

/** POST /points/preview: what a change would have done over the last 90 days (nothing is written). */
export const impactPreviewQuery = (body: ImpactPreviewBody) =>
  queryOptions({
    queryKey: [...pointsKeys.all, 'preview', body] as const,
    queryFn: ({ signal }) => api.post<ImpactPreview>('/points/preview', body, { signal }),
    staleTime: 30_000,
  });

/** GET /coupon?limit=100: the store's coupons, newest first. */
export const couponsQuery = () =>
  queryOptions({
    queryKey: pointsKeys.coupons,
    queryFn: async () => (await api.get<Paged<Coupon>>('/coupon', { params: { limit: 100, page: 1, status: 'all' } })).data,
  });

/** GET /coupon/type: the kinds of coupon the program can give. */
export const couponKindsQuery = () =>
  queryOptions({ queryKey: pointsKeys.couponKinds, queryFn: () => api.get<CouponKind[]>('/coupon/type'), staleTime: 10 * 60_000 });

/** GET /coupon/{id}: one coupon as stored (the edit drawer starts from it). */
export const couponQuery = (id: number) => queryOptions({ queryKey: [...pointsKeys.coupons, id] as const, queryFn: () => api.get<Coupon>(`/coupon/${id}`) });

/** POST /coupon/store or /coupon/update (with an id) — spec "coupon reward creation". */
export const useSaveCoupon = () =>
  useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: CouponBody }) =>
      id === undefined ? api.post<Coupon>('/coupon/store', body) : api.post<Coupon>('/coupon/update', { ...body, id }),
    onSuccess: refresh(pointsKeys.coupons),
  });

/** DELETE /coupon/{id} — spec "coupon delete". */
export const useDeleteCoupon = () => useMutation({ mutationFn: (id: number) => api.delete(`/coupon/${id}`), onSuccess: refresh(pointsKeys.coupons) });

export const couponBodyOf = (coupon: Coupon, change: Partial<CouponBody> = {}): CouponBody => ({
  title: coupon.title,
  discount_type: coupon.discount_type,
  discount_value: coupon.discount_value,
  status: coupon.status,
  config: coupon.config,
  ...change,
});

/** GET /points/action/rule/{id}: one way to earn as stored (spec "point fetch"). */
export const earningRuleQuery = (id: number) =>
  queryOptions({ queryKey: [...pointsKeys.earning, id] as const, queryFn: () => api.get<EarningRule>(`/points/action/rule/${id}`) });

/** GET /redeem/point/{id}: one way to redeem as stored (spec "point redeem fetch"). */
export const redeemRuleQuery = (id: number) =>
  queryOptions({ queryKey: [...pointsKeys.redeem, id] as const, queryFn: () => api.get<RedeemRule>(`/redeem/point/${id}`) });
