import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { DiscountType, PerkKind, TierBasis, TierFallBelow, TierPeriod } from './contract.ts';

type Id = Generated<number>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface VipSettingsTable {
  store_id: number;
  enabled: Generated<boolean>;
  basis: Generated<TierBasis>;
  period: Generated<TierPeriod>;
  fall_below: Generated<TierFallBelow>;
  updated_at: UpdatedAt;
}

export interface VipTiersTable {
  id: Id;
  store_id: number;
  name: string;
  /** points earned, amount spent (minor units) or orders, by the store's basis */
  threshold: number;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VipPerksTable {
  id: Id;
  store_id: number;
  tier_id: number;
  kind: PerkKind;
  title: Generated<string>;
  multiplier: number | null;
  points: number | null;
  redeem_rule_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A member's tier and the figures of the current period the tier was measured on. */
export interface VipMembersTable {
  store_id: number;
  customer_id: number;
  tier_id: number | null;
  points: Generated<number>;
  spent_minor: Generated<number>;
  orders: Generated<number>;
  tier_since: NullableTime;
  manual: Generated<boolean>;
  evaluated_at: UpdatedAt;
}

/**
 * A customer's tier figures of one day (UTC), kept by statement-level triggers on the ledger and
 * the orders for stores with tiers: a period's figures are the sum of its days.
 */
export interface VipFiguresTable {
  store_id: number;
  customer_id: number;
  /** 'YYYY-MM-DD' */
  day: string;
  points: Generated<number>;
  spent_minor: Generated<number>;
  orders: Generated<number>;
}

export type TierCause = 'earn' | 'period_end' | 'manual' | 'settings';

export interface VipActivityTable {
  id: Id;
  store_id: number;
  customer_id: number;
  from_tier_id: number | null;
  to_tier_id: number | null;
  from_name: string | null;
  to_name: string | null;
  direction: 'up' | 'down';
  cause: TierCause;
  reason: string | null;
  metric: Generated<number>;
  created_at: CreatedAt;
}

export interface VipJobsTable {
  id: Id;
  store_id: number;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  processed: Generated<number>;
  total: Generated<number>;
  moved_up: Generated<number>;
  moved_down: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: NullableTime;
  /** the last customer id measured: a resumed job continues after it */
  after_customer_id: Generated<number>;
  /** the last customer it measures (the newest when it was requested); null: to the end */
  until_customer_id: number | null;
}

export interface DiscountsTable {
  id: Id;
  store_id: number;
  title: string;
  status: Generated<'active' | 'inactive'>;
  discount_type: DiscountType;
  discount_value: Generated<number>;
  min_order_minor: Generated<number>;
  tier_ids: JsonWithDefault<number[]>;
  starts_at: NullableTime;
  ends_at: NullableTime;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

declare module '../../db/schema.ts' {
  interface Database {
    vip_settings: VipSettingsTable;
    vip_tiers: VipTiersTable;
    vip_perks: VipPerksTable;
    vip_members: VipMembersTable;
    vip_figures: VipFiguresTable;
    vip_activity: VipActivityTable;
    vip_jobs: VipJobsTable;
    discounts: DiscountsTable;
  }
}

export type VipSettings = Selectable<VipSettingsTable>;
export type VipTier = Selectable<VipTiersTable>;
export type VipPerk = Selectable<VipPerksTable>;
export type VipMember = Selectable<VipMembersTable>;
export type VipActivity = Selectable<VipActivityTable>;
export type VipJob = Selectable<VipJobsTable>;
export type Discount = Selectable<DiscountsTable>;
