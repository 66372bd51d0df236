import { describe, expect, it } from 'vitest';
import { initialAnalyticsView } from '../../state/client-state.ts';
import { lastDays, requestOf } from './view.ts';

describe('analytics view → request', () => {
  const today = new Date('2026-11-25T15:00:00Z');
  it('asks for the last 30 days up to today until a period is chosen, compared with the 30 before', () => {
    expect(requestOf(initialAnalyticsView(), today)).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      compare: true,
      tag: null,
      tier: null,
      source: null,
      channel: null,
    });
  });
  it('keeps the chosen period, comparison and member filters', () => {
    const view = { ...initialAnalyticsView(), ...lastDays(365, today), compare: false, filters: { tag: ['vip'], tier: ['Gold'], source: [] } };
    expect(requestOf(view, today)).toEqual({ from: '2025-11-26', to: '2026-11-25', compare: false, tag: 'vip', tier: 'Gold', source: null, channel: null });
  });
});
