import { formatPointsAmount, type PointsWords } from '../../../renderers/format/index.ts';
import type { RedeemRuleBody } from '../../../server/contract/redeem.ts';

export type RedeemType = RedeemRuleBody['type'];

const config = (extra: Partial<RedeemRuleBody['config']> = {}): RedeemRuleBody['config'] => ({
  min_order_minor: 0,
  product_ids: [],
  collection_ids: [],
  reward_expiry_days: null,
  ...extra,
});

/** The kinds of reward a member can spend points on, with a sensible start. */
export const REDEEM_CATALOGUE: ReadonlyArray<{ id: RedeemType; label: string; description: string; template: RedeemRuleBody }> = [
  {
    id: 'fixed_amount',
    label: 'Amount off',
    description: 'A fixed discount, e.g. $5 off for 500 points',
    template: { type: 'fixed_amount', title: '$5 off', status: 'active', points_cost: 500, discount_value: 500, config: config() },
  },
  {
    id: 'percentage',
    label: 'Percentage off',
    description: 'A share of the order, e.g. 10% off',
    template: { type: 'percentage', title: '10% off', status: 'active', points_cost: 1000, discount_value: 10, config: config() },
  },
  {
    id: 'free_shipping',
    label: 'Free shipping',
    description: 'Shipping costs nothing',
    template: { type: 'free_shipping', title: 'Free shipping', status: 'active', points_cost: 300, discount_value: 0, config: config() },
  },
  {
    id: 'free_product',
    label: 'Free product',
    description: 'A product of your store at no cost',
    template: { type: 'free_product', title: 'Free product', status: 'active', points_cost: 800, discount_value: 0, config: config({ free_product_id: '' }) },
  },
  {
    id: 'variable',
    label: 'Points to amount',
    description: 'Members choose how many points to spend, e.g. 100 points = $1',
    template: {
      type: 'variable',
      title: 'Spend points for money off',
      status: 'active',
      points_cost: 0,
      discount_value: 0,
      config: config({ points_per_step: 100, step_value_minor: 100 }),
    },
  },
];

/** What a way to redeem costs, in words. */
export const costText = (rule: { type: RedeemType; points_cost: number; config: RedeemRuleBody['config'] }, words: PointsWords) =>
  rule.type === 'variable' ? `${formatPointsAmount(rule.config.points_per_step ?? 0, words)} per step` : formatPointsAmount(rule.points_cost, words);
