import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../api/customers.ts';
import { describeEntry, entryChange } from './timeline-text.ts';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  id: 1,
  type: 'adjustment',
  points: 0,
  pending_points: 0,
  source_type: 'adjustment',
  source_id: 'x',
  rule_key: '',
  computation: '',
  reason: null,
  created_at: '2026-03-01T00:00:00Z',
  held: false,
  ...over,
});

describe('timeline entries say why', () => {
  it('names who adjusted and the reason', () => {
    const adjusted = entry({ points: -15, computation: 'manual adjustment by Bob: -15', reason: 'Duplicate order' });
    expect(describeEntry(adjusted)).toEqual({ title: 'Adjusted by hand', because: ['manual adjustment by Bob: -15', 'Reason: Duplicate order'] });
    expect(entryChange(adjusted)).toBe('−15');
  });

  it('names the order and the computation of an earn, and pending points apart', () => {
    const earned = entry({
      type: 'order_earn',
      source_type: 'order',
      source_id: 'shopify:1042',
      points: 0,
      pending_points: 42,
      computation: '1 point per $1 on $42.00',
    });
    expect(describeEntry(earned)).toEqual({ title: 'Earned on an order', because: ['Order 1042', '1 point per $1 on $42.00'] });
    expect(entryChange(earned)).toBe('+42 pending');
    expect(entryChange(entry({ type: 'release', points: 42, pending_points: -42 }))).toBe('+42 (−42 pending)');
  });

  it('falls back to the type in words for a kind it does not know', () => {
    expect(describeEntry(entry({ type: 'streak_bonus' })).title).toBe('streak bonus');
  });
});
