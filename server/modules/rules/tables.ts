import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';

type Id = Generated<number>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type RuleStatus = 'active' | 'inactive';
/** `expired`: past its expiry unused; its points are not given back */
export type RewardStatus = 'active' | 'used' | 'rolled_back' | 'expired';
export type LimitType = 'unlimited' | 'once' | 'per_days' | 'total';

export interface EarningRulesTable {
  id: Id;
  store_id: number;
  type: string;
  title: string;
  status: Generated<RuleStatus>;
  points: number;
  config: JsonWithDefault<Record<string, unknown>>;
  limit_type: Generated<LimitType>;
  limit_days: number | null;
  limit_total: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RedeemRulesTable {
  id: Id;
  store_id: number;
  type: string;
  title: string;
  status: Generated<RuleStatus>;
  points_cost: number;
  discount_value: Generated<number>;
  config: JsonWithDefault<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RewardsTable {
  id: Id;
  store_id: number;
  customer_id: number;
  redeem_rule_id: number | null;
  entry_id: number;
  code: string;
  title: string;
  discount_type: string;
  discount_value: number;
  points_spent: number;
  config: JsonWithDefault<Record<string, unknown>>;
  status: Generated<RewardStatus>;
  expires_at: NullableTime;
  used_at: NullableTime;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CouponsTable {
  id: Id;
  store_id: number;
  title: string;
  discount_type: string;
  discount_value: Generated<number>;
  config: JsonWithDefault<Record<string, unknown>>;
  status: Generated<RuleStatus>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StorefrontRequestsTable {
  store_id: number;
  customer_id: number;
  idempotency_key: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    earning_rules: EarningRulesTable;
    redeem_rules: RedeemRulesTable;
    rewards: RewardsTable;
    coupons: CouponsTable;
    storefront_requests: StorefrontRequestsTable;
  }
}

export type EarningRule = Selectable<EarningRulesTable>;
export type RedeemRule = Selectable<RedeemRulesTable>;
export type Reward = Selectable<RewardsTable>;
export type Coupon = Selectable<CouponsTable>;
