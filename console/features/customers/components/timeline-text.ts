import type { TimelineEntry } from '../api/customers.ts';

const TITLES: Record<string, string> = {
  order_earn: 'Earned on an order',
  action_earn: 'Earned for an action',
  adjustment: 'Adjusted by hand',
  redemption: 'Redeemed for a reward',
  redemption_rollback: 'Reward refunded: points returned',
  refund_clawback: 'Order refunded or cancelled: points taken back',
  expiry: 'Points expired',
  award: 'Awarded in a campaign',
  release: 'Pending points became available',
  referral_reward: 'Referral reward',
  tier_reward: 'VIP tier reward',
};

/** What an entry says about itself: a title by its type, and why (the order or rule, the computation, who and the reason). */
export function describeEntry(entry: TimelineEntry): { title: string; because: string[] } {
  const because: string[] = [];
  if (entry.source_type === 'order' || entry.source_type === 'order_clawback') because.push(`Order ${entry.source_id.replace(/^[^:]*:/, '')}`);
  if (entry.computation) because.push(entry.computation);
  if (entry.reason) because.push(`Reason: ${entry.reason}`);
  return { title: TITLES[entry.type] ?? entry.type.replace(/_/g, ' '), because };
}

const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');

/** Signed points of an entry ("+50", "−15"); pending points are said apart. */
export function entryChange(entry: TimelineEntry): string {
  if (entry.points === 0 && entry.pending_points !== 0) return `${sign(entry.pending_points)} pending`;
  return entry.pending_points !== 0 ? `${sign(entry.points)} (${sign(entry.pending_points)} pending)` : sign(entry.points);
}
