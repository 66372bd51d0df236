import { describe, expect, it } from 'vitest';
import { buckets, granularityFor, periodOf, previousPeriod } from './period.ts';

describe('analytics periods', () => {
  it('counts whole days, inclusive, and picks the bucket size by length', () => {
    expect(periodOf('2025-06-01', '2025-06-30').days).toBe(30);
    expect([granularityFor(62), granularityFor(63), granularityFor(548), granularityFor(549)]).toEqual(['day', 'week', 'week', 'month']);
  });

  it('draws every day, every Monday-started week or every month of the period', () => {
    expect(buckets(periodOf('2025-06-29', '2025-07-02'))).toEqual(['2025-06-29', '2025-06-30', '2025-07-01', '2025-07-02']);
    const weeks = buckets(periodOf('2025-01-01', '2025-12-31'));
    expect(weeks[0]).toBe('2024-12-30'); // the Monday of the week of January 1st
    expect(weeks).toHaveLength(53);
    expect(buckets(periodOf('2024-02-15', '2025-12-31'))).toHaveLength(23);
  });

  it('compares with the period of the same length just before', () => {
    const june = periodOf('2025-06-01', '2025-06-30');
    const before = previousPeriod(june);
    expect(before.start.toISOString()).toBe('2025-05-02T00:00:00.000Z');
    expect(before.end).toEqual(june.start);
  });
});
