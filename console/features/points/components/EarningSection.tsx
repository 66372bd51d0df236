import { useQuery } from '@tanstack/react-query';
import {
  earningBodyOf,
  earningRuleQuery,
  earningGroupsQuery,
  useDeleteEarningRule,
  useSaveEarningRule,
  type EarningGroups,
  type EarningRule,
} from '../api/points.ts';
import { earnRuleIcon } from '../../../../presets/rule-icons.ts';
import { earningCatalogue, limitText } from '../earning-catalogue.ts';
import { EarningRuleForm } from './EarningRuleForm.tsx';
import { withStoredRule } from './StoredRuleForm.tsx';
import { RuleSection } from './RuleSection.tsx';
import { countOf } from '../../../lib/format.ts';

/** The drawer's form; an existing rule is read again by id first. */
const StoredEarningRuleForm = withStoredRule(EarningRuleForm, earningRuleQuery, (rule) => earningBodyOf(rule), 'way to earn');

const GROUP_TITLES: Record<keyof EarningGroups, string> = { orders: 'Orders', actions: 'Actions', social: 'Social media', custom: 'Custom events' };

function details(rule: EarningRule): string[] {
  const config = rule.config as { pending_days?: number; expiry_days?: number | null };
  const out = [limitText(rule)];
  if (config.pending_days) out.push(`Pending for ${countOf(config.pending_days, 'day')}`);
  if (config.expiry_days) out.push(`Expire after ${countOf(config.expiry_days, 'day')}`);
  return out;
}

/** Ways to earn, grouped as GET /points/action/rule/grouping groups them. */
export function EarningSection() {
  const groups = useQuery(earningGroupsQuery());
  const toggle = useSaveEarningRule();
  const remove = useDeleteEarningRule();
  return (
    <RuleSection
      id="ways-to-earn"
      title="Ways to earn"
      noun="way to earn"
      plural="ways to earn"
      intro="What members do to collect points. Switch a way off to pause it without losing its settings."
      loading={groups.isPending}
      loadError={groups.error}
      groups={
        groups.data && (Object.keys(GROUP_TITLES) as Array<keyof EarningGroups>).map((id) => ({ id, title: GROUP_TITLES[id], rules: groups.data[id] ?? [] }))
      }
      catalogue={earningCatalogue()}
      card={(rule) => ({ icon: earnRuleIcon(rule.type), summary: rule.description, details: details(rule) })}
      bodyOf={(rule) => earningBodyOf(rule)}
      Form={StoredEarningRuleForm}
      toggle={toggle}
      remove={remove}
      deleteNote="Members stop earning this way. Points they already earned through it stay in their balance and history."
    />
  );
}
