import type { PointsWords } from '../../../../renderers/format/index.ts';
import { useQuery } from '@tanstack/react-query';
import { redeemBodyOf, redeemRuleQuery, redeemRulesQuery, useDeleteRedeemRule, useSaveRedeemRule, type RedeemRule } from '../api/points.ts';
import { redeemRuleIcon } from '../../../../presets/rule-icons.ts';
import { REDEEM_CATALOGUE, costText } from '../redeem-catalogue.ts';
import { RedeemRuleForm } from './RedeemRuleForm.tsx';
import { withStoredRule } from './StoredRuleForm.tsx';
import { RuleSection } from './RuleSection.tsx';
import { countOf, formatMinor } from '../../../lib/format.ts';
import { useStoreCurrency } from '../../../lib/useStoreCurrency.ts';

/** The drawer's form; an existing rule is read again by id first. */
const StoredRedeemRuleForm = withStoredRule(RedeemRuleForm, redeemRuleQuery, (rule) => redeemBodyOf(rule), 'way to redeem');

function details(rule: RedeemRule, currency: string): string[] {
  const out: string[] = [];
  if (rule.config.min_order_minor) out.push(`Orders from ${formatMinor(rule.config.min_order_minor, currency)}`);
  if (rule.config.product_ids.length || rule.config.collection_ids.length) out.push('Some products only');
  out.push(rule.config.reward_expiry_days ? `Reward expires after ${countOf(rule.config.reward_expiry_days, 'day')}` : 'Reward never expires');
  return out;
}

/** Ways to redeem (GET /redeem): rewards members spend their points on. */
export function RedeemSection({ words }: { words: PointsWords }) {
  const rules = useQuery(redeemRulesQuery());
  const currency = useStoreCurrency();
  const toggle = useSaveRedeemRule();
  const remove = useDeleteRedeemRule();
  return (
    <RuleSection
      id="ways-to-redeem"
      title="Ways to redeem"
      noun="way to redeem"
      plural="ways to redeem"
      intro={`Rewards members spend their ${words.pointsLabel} on; each redemption issues a coupon code.`}
      loading={rules.isPending}
      loadError={rules.error}
      groups={rules.data && [{ id: 'all', title: 'Ways to redeem', rules: rules.data }]}
      catalogue={REDEEM_CATALOGUE}
      card={(rule) => ({ icon: redeemRuleIcon(rule.type), summary: `${rule.description} for ${costText(rule, words)}`, details: details(rule, currency) })}
      bodyOf={(rule) => redeemBodyOf(rule)}
      Form={StoredRedeemRuleForm}
      toggle={toggle}
      remove={remove}
      deleteNote="Members can no longer choose this reward. Coupons already issued for it stay valid."
    />
  );
}
