import { z } from 'zod';
import { idField } from './common.ts';

/** VIP tiers, perks, settings, simulation and automatic discounts. */
export {
  DISCOUNT_TYPES,
  MAX_MULTIPLIER,
  PERK_KINDS,
  TIER_BASES,
  TIER_FALL_BELOW,
  TIER_PERIODS,
  discountBody,
  discountUpdateBody,
  ladderTier,
  perkBody,
  perkInput,
  simulateBody,
  tierBody,
  tierSwitchBody,
  vipSettingsBody,
  type DiscountBody,
  type DiscountType,
  type LadderTier,
  type PerkBody,
  type PerkInput,
  type PerkKind,
  type SimulateBody,
  type TierBasis,
  type TierBody,
  type TierFallBelow,
  type TierPeriod,
  type TierSwitchBody,
  type VipSettingsBody,
} from '../domain/schemas/vip.ts';

/** GET /vip?limit&page */
export const tierListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /discount/list/{status} */
export const discountStatusParams = z.strictObject({ status: z.enum(['active', 'inactive', 'all']) });

/** data host POST vip/tiers: the tiers with members (one customer's tier too when named). */
export const tiersQueryBody = z.strictObject({ customer_id: idField.optional() }).nullish();

/** data host POST /vip/group: the store's members of one tier (or without a tier), paged. */
export const tierGroupBody = z.strictObject({
  tier_id: idField.nullable(),
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});

/** data host GET vip/activity?limit&page (&customer_id) */
export const tierActivityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  customer_id: idField.optional(),
});

export interface PerkView {
  id: number;
  tier_id: number;
  kind: string;
  title: string;
  multiplier: number | null;
  points: number | null;
  redeem_rule_id: number | null;
  description: string;
}

export interface TierView {
  id: number;
  name: string;
  threshold: number;
  description: string;
  members: number;
  perks: PerkView[];
  updated_at: string;
}

export interface VipSettingsView {
  enabled: boolean;
  basis: 'points' | 'spent' | 'orders';
  period: 'lifetime' | 'rolling_12_months' | 'calendar_year';
  fall_below: 'keep_until_period_end' | 'drop';
}

export interface VipJobView {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  moved_up: number;
  moved_down: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export type { Simulation as SimulationView } from '../domain/schemas/vip.ts';

export interface TierActivityView {
  id: number;
  customer: { id: number; email: string; name: string };
  from: string | null;
  to: string | null;
  direction: 'up' | 'down';
  cause: 'earn' | 'period_end' | 'manual' | 'settings';
  reason: string | null;
  metric: number;
  created_at: string;
}

export interface MemberTierView {
  tier_id: number | null;
  tier: string | null;
  since: string | null;
  basis: 'points' | 'spent' | 'orders';
  value: number;
  next: { id: number; name: string; threshold: number; left: number } | null;
  progress: number;
}

export interface DiscountView {
  id: number;
  title: string;
  status: 'active' | 'inactive';
  discount_type: 'percentage' | 'fixed_amount' | 'free_shipping';
  discount_value: number;
  min_order_minor: number;
  tier_ids: number[];
  starts_at: string | null;
  ends_at: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}
