import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import type { RewardRow } from '../api/customers.ts';

/** Where a reward's code stands in the shop's discounts, as a merchant says it. */
const SHOP_STATES: Record<string, { label: string; tone: BadgeTone }> = {
  preparing: { label: 'Preparing', tone: 'attention' },
  created: { label: 'In the shop', tone: 'success' },
  refused: { label: 'Refused by the shop', tone: 'attention' },
  local: { label: 'Program only', tone: 'neutral' },
  cancelled: { label: 'Never created', tone: 'neutral' },
  deactivating: { label: 'Deactivating', tone: 'neutral' },
  deactivated: { label: 'Deactivated', tone: 'neutral' },
};

/** The code's state on the shop's platform and why it was refused or waits ("Reconnect your shop…"); nothing without a platform. */
export function ShopCodeState({ reward }: { reward: RewardRow }) {
  if (!reward.platform_state) return null;
  const state = SHOP_STATES[reward.platform_state] ?? { label: reward.platform_state, tone: 'neutral' as const };
  return (
    <>
      <Badge tone={state.tone}>{state.label}</Badge>
      {reward.platform_error ? <p className="ls-muted">{reward.platform_error}</p> : null}
    </>
  );
}
