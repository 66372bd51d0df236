import { describe, expect, it } from 'vitest';
import { X_AXIS_STEPS, xAxisSpace } from './chart-data.ts';

describe('the x axis of a chart', () => {
  it('gives a 30-day chart’s date labels room enough that two never touch', () => {
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 3 + i)).toISOString().slice(0, 10));
    const space = xAxisSpace(days);
    // a 10-character date at the axis font is about 70 px wide: the room between two labels exceeds it
    expect(space).toBeGreaterThan(10 * 7);
    // at 600 px, at most eight labels: one every few days, on whole days only
    expect(Math.floor(600 / space)).toBeLessThanOrEqual(8);
    expect(X_AXIS_STEPS.every(Number.isInteger)).toBe(true);
    expect(xAxisSpace(['Mon', 'Tue'])).toBe(50);
  });
});
