import { orderRuleConfig, type OrderRuleConfig } from './contract/earning-rules.ts';
import { formatMoney, type NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import type { EarningRule } from './tables.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { formatEarnRate, formatPointsAmount } from '../../../renderers/format/index.ts';
import { DEFAULT_WORDS, englishWording, type ProgramWords } from '../stores/index.ts';
import type { EarnRate } from '../../../renderers/context.ts';

/** The store's active order rules, oldest first: what an order (or an approved receipt) earns by. */
export async function activeOrderRules(db: Executor, storeId: number): Promise<EarningRule[]> {
  return db
    .selectFrom('earning_rules')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('type', '=', 'order')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/** Each rule row's config as read once (a batch of orders asks for it several times an order). */
const configs = new WeakMap<object, OrderRuleConfig>();

/** An order rule's config with its defaults: shared by the callers of one rule row, read-only. */
export function orderConfig(rule: EarningRule): OrderRuleConfig {
  const raw: unknown = rule.config;
  if (typeof raw !== 'object' || raw === null) return orderRuleConfig.parse({});
  let config = configs.get(raw);
  if (!config) configs.set(raw, (config = orderRuleConfig.parse(raw)));
  return config;
}

const plural = (n: number, word = 'point') => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The amount of an order that earns under a rule (minor units, never below zero). */
function eligibleAmount(config: OrderRuleConfig, order: NormalizedOrder): number {
  const excludedProducts = new Set(config.excluded_product_ids);
  const excludedCollections = new Set(config.excluded_collection_ids);
  const excludedTags = new Set(config.excluded_tags);
  const excludedVariants = new Set(config.excluded_variant_ids);
  const excluded = order.lines
    .filter(
      (line) =>
        excludedProducts.has(line.productId) ||
        (line.variantId !== undefined && excludedVariants.has(line.variantId)) ||
        line.collectionIds.some((id) => excludedCollections.has(id)) ||
        (line.tags ?? []).some((tag) => excludedTags.has(tag)),
    )
    .reduce((sum, line) => sum + line.amountMinor, 0);
  const items = order.itemsMinor - excluded;
  // a discount is shared over the items in proportion, so excluded items carry their part
  const discount = config.subtract_discounts && order.itemsMinor > 0 ? Math.round(order.discountMinor * (items / order.itemsMinor)) : 0;
  const amount = items - discount + (config.include_shipping ? order.shippingMinor : 0) + (config.include_tax ? order.taxMinor : 0);
  return Math.max(0, amount);
}

/** Points an order earns under a rule, with the computation people read in the history. */
export function orderEarn(rule: EarningRule, order: NormalizedOrder): { points: number; computation: string; eligibleMinor: number } {
  const config = orderConfig(rule);
  const eligible = eligibleAmount(config, order);
  const money = formatMoney(eligible, order.currency);
  if (config.mode === 'fixed') {
    const points = eligible > 0 ? rule.points : 0;
    return { points, eligibleMinor: eligible, computation: `order ${order.number}: ${money}, fixed ${plural(rule.points)} per order = ${points}` };
  }
  const units = Math.floor(eligible / config.per_amount_minor);
  const points = units * rule.points;
  const per = formatMoney(config.per_amount_minor, order.currency).replace(/\.00$/, '');
  return { points, eligibleMinor: eligible, computation: `order ${order.number}: ${money} × ${plural(rule.points)} per ${per} = ${points}` };
}

/** A short line for ways-to-earn lists, e.g. "1 point per $1 spent". */
export function describeRule(rule: EarningRule, words: ProgramWords = DEFAULT_WORDS): string {
  const rate = orderRate(rule);
  return rate ? formatEarnRate(rate, englishWording(words)) : formatPointsAmount(rule.points, words);
}

/** An order rule's rate as the renderers state it (`{earn_rate}`, a way to earn's line); undefined for other rules. */
export function orderRate(rule: EarningRule): EarnRate | undefined {
  if (rule.type !== 'order') return undefined;
  const config = orderConfig(rule);
  return config.mode === 'fixed' ? { points: rule.points } : { points: rule.points, perMinor: config.per_amount_minor };
}
