import { z } from 'zod';
import { idField } from '../../domain/schemas/fields.ts';

/** VIP tiers: what a tier is measured on, over which period, and what happens below it. */
export const TIER_BASES = ['points', 'spent', 'orders'] as const;
export type TierBasis = (typeof TIER_BASES)[number];
export const TIER_PERIODS = ['lifetime', 'rolling_12_months', 'calendar_year'] as const;
export type TierPeriod = (typeof TIER_PERIODS)[number];
export const TIER_FALL_BELOW = ['keep_until_period_end', 'drop'] as const;
export type TierFallBelow = (typeof TIER_FALL_BELOW)[number];
export const PERK_KINDS = ['multiplier', 'entry_reward', 'birthday_bonus', 'free_shipping', 'exclusive_redeem', 'custom'] as const;
export type PerkKind = (typeof PERK_KINDS)[number];
/** Perks a tier has at most one of. */
export const SINGLE_PERKS: readonly PerkKind[] = ['multiplier', 'entry_reward', 'birthday_bonus', 'free_shipping'];
export const DISCOUNT_TYPES = ['percentage', 'fixed_amount', 'free_shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const MAX_MULTIPLIER = 10;

/** POST /vip/settings/store */
export const vipSettingsBody = z.strictObject({
  enabled: z.boolean().default(true),
  basis: z.enum(TIER_BASES),
  period: z.enum(TIER_PERIODS),
  fall_below: z.enum(TIER_FALL_BELOW),
});
export type VipSettingsBody = z.infer<typeof vipSettingsBody>;

const perkFields = {
  kind: z.enum(PERK_KINDS),
  title: z.string().trim().max(120).default(''),
  multiplier: z
    .number('Enter a multiplier.')
    .gt(0, 'A multiplier is above 0.')
    .max(MAX_MULTIPLIER, `A multiplier is at most ${MAX_MULTIPLIER}.`)
    .multipleOf(0.01, 'Use at most two decimals.')
    .nullable()
    .default(null),
  points: z.number('Enter a number of points.').int('Use a whole number of points.').min(1, 'Give at least 1 point.').max(10_000_000).nullable().default(null),
  redeem_rule_id: idField.nullable().default(null),
};

type PerkShape = { kind: PerkKind; title: string; multiplier: number | null; points: number | null; redeem_rule_id: number | null };
const refinePerk = (perk: PerkShape, ctx: z.RefinementCtx, at: (string | number)[] = []) => {
  if (perk.kind === 'multiplier' && perk.multiplier === null) ctx.addIssue({ code: 'custom', path: [...at, 'multiplier'], message: 'Enter a multiplier.' });
  if ((perk.kind === 'entry_reward' || perk.kind === 'birthday_bonus') && perk.points === null)
    ctx.addIssue({ code: 'custom', path: [...at, 'points'], message: 'Enter the points given.' });
  if (perk.kind === 'exclusive_redeem' && perk.redeem_rule_id === null)
    ctx.addIssue({ code: 'custom', path: [...at, 'redeem_rule_id'], message: 'Choose the way to redeem.' });
  if (perk.kind === 'custom' && perk.title === '') ctx.addIssue({ code: 'custom', path: [...at, 'title'], message: 'Describe the perk.' });
};

export const perkInput = z.strictObject(perkFields).superRefine((perk, ctx) => refinePerk(perk, ctx));
export type PerkInput = z.infer<typeof perkInput>;

/** POST /vip/perks/store: a new perk of a tier (`id` to change one). */
export const perkBody = z.strictObject({ id: idField.optional(), tier_id: idField, ...perkFields }).superRefine((perk, ctx) => refinePerk(perk, ctx));
export type PerkBody = z.infer<typeof perkBody>;

const tierFields = {
  name: z.string('Enter a name.').trim().min(1, 'Enter a name.').max(60, 'Use at most 60 characters.'),
  threshold: z
    .number('Enter a threshold.')
    .int('Use a whole number (cents for an amount spent).')
    .min(0, 'A threshold cannot be below zero.')
    .max(1_000_000_000_000, 'The threshold is too large.'),
  description: z.string().trim().max(500).default(''),
};

/** POST /vip/store: a tier (new, or `id` to change one) with its perks (replacing them when given). */
export const tierBody = z.strictObject({ id: idField.optional(), ...tierFields, perks: z.array(perkInput).max(20).optional() }).superRefine((tier, ctx) => {
  const seen = new Set<string>();
  (tier.perks ?? []).forEach((perk, index) => {
    if (SINGLE_PERKS.includes(perk.kind) && seen.has(perk.kind))
      ctx.addIssue({ code: 'custom', path: ['perks', index, 'kind'], message: 'A tier has one perk of this kind.' });
    seen.add(perk.kind);
  });
});
export type TierBody = z.infer<typeof tierBody>;

/** A ladder of tiers in order, lowest first (the simulation's proposal). */
export const ladderTier = z.strictObject({ id: idField.optional(), name: tierFields.name, threshold: tierFields.threshold });
export type LadderTier = z.infer<typeof ladderTier>;

/** POST /vip/simulate: how members would move under a proposed ladder or settings, nothing saved. */
export const simulateBody = z.strictObject({
  tier: tierBody.optional(),
  delete_tier_id: idField.optional(),
  tiers: z.array(ladderTier).max(50).optional(),
  settings: vipSettingsBody.optional(),
});
export type SimulateBody = z.infer<typeof simulateBody>;

/** data host POST vip/switch: a member's tier set by hand, with the reason. */
export const tierSwitchBody = z.strictObject({
  customer_id: idField,
  tier_id: idField.nullable(),
  reason: z.string('Give a reason.').trim().min(1, 'Give a reason.').max(500),
});
export type TierSwitchBody = z.infer<typeof tierSwitchBody>;

const discountFields = {
  title: z.string('Enter a title.').trim().min(1, 'Enter a title.').max(120),
  status: z.enum(['active', 'inactive']).default('active'),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** a percentage 1–100, an amount in minor units, 0 for free shipping */
  discount_value: z.number('Enter a value.').int('Use a whole number.').min(0).max(100_000_000).default(0),
  min_order_minor: z.number().int().min(0).max(100_000_000).default(0),
  /** the tiers it is granted to */
  tier_ids: z.array(idField).min(1, 'Choose at least one tier.').max(50),
  starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
};
type DiscountShape = { discount_type: DiscountType; discount_value: number; starts_at: string | null; ends_at: string | null };
const refineDiscount = (discount: DiscountShape, ctx: z.RefinementCtx) => {
  if (discount.discount_type === 'percentage' && (discount.discount_value < 1 || discount.discount_value > 100))
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percentage discount is between 1 and 100.' });
  if (discount.discount_type === 'fixed_amount' && discount.discount_value < 1)
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'Enter the amount off.' });
  if (discount.starts_at && discount.ends_at && Date.parse(discount.ends_at) <= Date.parse(discount.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end comes after the start.' });
};
/** POST /discount/create */
export const discountBody = z.strictObject(discountFields).superRefine(refineDiscount);
export type DiscountBody = z.infer<typeof discountBody>;
/** POST /discount/update */
export const discountUpdateBody = z.strictObject({ id: idField, ...discountFields }).superRefine(refineDiscount);

/** What a change of the tiers would do to the store's members, before it is saved. */
export interface Simulation {
  /** customers measured (every customer of the store) */
  members: number;
  moved_up: number;
  moved_down: number;
  unchanged: number;
  /** under "keep until the period ends" the moves down happen at the period's end */
  downs_wait_for_period_end: boolean;
  /** entry reward points the moves up would give */
  entry_reward_points: number;
  tiers: Array<{ id: number | null; name: string; threshold: number; before: number; after: number; entry_reward: number; perks: string[] }>;
  /** stored: the figures kept per member; measured: a different period, measured again (from the day figures; before the first tier, from the ledger and orders) */
  figures: 'stored' | 'measured';
}

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

export type { Simulation as SimulationView };

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
