import { z } from 'zod';
import { POINTS_LIMITS } from '../../../domain/schemas/points-limits.ts';
import { idField } from '../../../domain/schemas/fields.ts';

/** Earning rule types: an order, an action of the member, or a custom event through the API. */
export const EARNING_RULE_TYPES = ['order', 'signup', 'birthday', 'anniversary', 'social_follow', 'social_share', 'newsletter', 'review', 'custom'] as const;
export type EarningRuleType = (typeof EARNING_RULE_TYPES)[number];

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin'] as const;
const productIds = z.array(z.string().trim().min(1).max(64)).max(500);

/** How an order earns: per currency unit or a fixed amount; which amounts count; statuses; exclusions; approval window. */
export const orderRuleConfig = z.strictObject({
  mode: z.enum(['per_amount', 'fixed']).default('per_amount'),
  /** points are given per this many minor units (100 = per $1) */
  per_amount_minor: z.number().int().min(1).max(1_000_000).default(100),
  include_shipping: z.boolean().default(false),
  include_tax: z.boolean().default(false),
  /** discounts lower the amount that earns */
  subtract_discounts: z.boolean().default(true),
  award_statuses: z.array(z.string().min(1).max(40)).min(1).max(10).default(['paid']),
  cancel_statuses: z.array(z.string().min(1).max(40)).max(10).default(['cancelled', 'voided']),
  excluded_product_ids: productIds.default([]),
  excluded_collection_ids: productIds.default([]),
  /** product tags (names) whose products earn nothing */
  excluded_tags: productIds.default([]),
  excluded_variant_ids: productIds.default([]),
  /** days before earned points become available (returns window) */
  pending_days: z.number().int().min(0).max(365).default(0),
  /** days after which earned points expire; null = never */
  expiry_days: z.number().int().min(1).max(3650).nullable().default(null),
});
export type OrderRuleConfig = z.infer<typeof orderRuleConfig>;

export const eventName = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9_.-]+$/i, 'Use letters, digits, dot, dash or underscore.');

const actionRuleConfig = z.strictObject({
  network: z.enum(SOCIAL_NETWORKS).optional(),
  url: z.string().trim().max(2048).optional(),
  /** custom events: the event name the store sends through the API */
  event: eventName.optional(),
  expiry_days: z.number().int().min(1).max(3650).nullable().optional(),
});

const ruleFields = {
  title: z.string().trim().min(1, 'Enter a title.').max(120),
  status: z.enum(['active', 'inactive']).default('active'),
  points: z
    .number('Enter a number of points.')
    .int('Use a whole number of points.')
    .min(0, 'Points cannot be negative.')
    .max(POINTS_LIMITS.rulePoints, `At most ${POINTS_LIMITS.rulePoints.toLocaleString('en-US')} points for one rule.`)
    .describe(`The points the rule gives; at most ${POINTS_LIMITS.rulePoints} (rulePoints limit).`),
  limit_type: z.enum(['unlimited', 'once', 'per_days', 'total']).default('unlimited'),
  limit_days: z.number().int().min(1).max(3650).nullable().optional(),
  limit_total: z.number().int().min(1).max(1_000_000).nullable().optional(),
};

const limitsValid = (rule: { limit_type?: string; limit_days?: number | null | undefined; limit_total?: number | null | undefined }, ctx: z.RefinementCtx) => {
  if (rule.limit_type === 'per_days' && !rule.limit_days)
    ctx.addIssue({ code: 'custom', path: ['limit_days'], message: 'Enter the number of days between two awards.' });
  if (rule.limit_type === 'total' && !rule.limit_total)
    ctx.addIssue({ code: 'custom', path: ['limit_total'], message: 'Enter how many times a customer can earn.' });
};

const orderRule = z.strictObject({ type: z.literal('order'), ...ruleFields, config: orderRuleConfig.default(orderRuleConfig.parse({})) });
const actionRule = z.strictObject({ type: z.enum(EARNING_RULE_TYPES).exclude(['order']), ...ruleFields, config: actionRuleConfig.default({}) });

const refineRule = (rule: z.infer<typeof orderRule> | z.infer<typeof actionRule>, ctx: z.RefinementCtx) => {
  limitsValid(rule, ctx);
  if ((rule.type === 'social_follow' || rule.type === 'social_share') && !rule.config.network)
    ctx.addIssue({ code: 'custom', path: ['config', 'network'], message: 'Choose a social network.' });
  if (rule.type === 'custom' && !rule.config.event) ctx.addIssue({ code: 'custom', path: ['config', 'event'], message: 'Enter the event name.' });
};

/** POST /points/store */
export const earningRuleBody = z.discriminatedUnion('type', [orderRule, actionRule]).superRefine(refineRule);
export type EarningRuleBody = z.infer<typeof earningRuleBody>;

/** POST /points/update: the id and the whole rule. */
export const earningRuleUpdateBody = z
  .discriminatedUnion('type', [orderRule.extend({ id: idField }), actionRule.extend({ id: idField })])
  .superRefine(refineRule);

/** POST /points/expiry/create: expiry of earned points and the reminder e-mails (omitted fields: defaults). */
export const expirySettingsBody = z.strictObject({
  enabled: z.boolean().default(false),
  /** points expire this many days after they were earned */
  expiry_days: z.number().int().min(1).max(3650).default(365),
  /** days before expiry for the early and the final reminder */
  early_reminder_days: z.number().int().min(0).max(365).default(30),
  final_reminder_days: z.number().int().min(0).max(365).default(7),
});
export type ExpirySettings = z.infer<typeof expirySettingsBody>;

export const listQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});

export const earningRuleRecord = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  status: z.string(),
  points: z.number(),
  config: z.record(z.string(), z.unknown()),
  limit_type: z.string(),
  limit_days: z.number().nullable(),
  limit_total: z.number().nullable(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/**
 * POST /points/event: a store's own system reports an event for a customer (ours by id, or by
 * e-mail); the active custom earning rule for the event awards its points once per event_id.
 */
export const customEventBody = z
  .strictObject({
    customer_id: idField.optional(),
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254).optional(),
    event: eventName,
    event_id: z.string().trim().min(1, 'Send the id of this occurrence of the event.').max(200),
  })
  .refine((body) => (body.customer_id === undefined) !== (body.email === undefined), {
    message: 'Send customer_id or email (one of them).',
    path: ['customer_id'],
  });
