import { describe, expect, it } from 'vitest';
import { MINIMUM_SAMPLE, proportionDifference, rate } from './stats.ts';

describe('the difference of two conversion rates with its 95 % confidence interval', () => {
  it('matches the two-proportion z interval worked by hand', () => {
    // pA = 0.10, pB = 0.13 over 1,000 each: se = √(0.09/1000 + 0.1131/1000) = 0.0142513…, margin = 1.96 · se = 0.027932…
    const interval = proportionDifference(100, 1000, 130, 1000)!;
    expect(interval.estimate).toBeCloseTo(0.03, 10);
    expect(interval.low).toBeCloseTo(0.002068, 5);
    expect(interval.high).toBeCloseTo(0.057932, 5);
  });

  it('matches a textbook case with unequal samples and a negative difference', () => {
    // pA = 45/150 = 0.3, pB = 30/160 = 0.1875: se = √(0.21/150 + 0.15234375/160) = 0.048504…
    const interval = proportionDifference(45, 150, 30, 160)!;
    expect(interval.estimate).toBeCloseTo(-0.1125, 10);
    expect(interval.low).toBeCloseTo(-0.20757, 4);
    expect(interval.high).toBeCloseTo(-0.01743, 4);
  });

  it('is symmetric: swapping the variants negates the interval', () => {
    const ab = proportionDifference(120, 900, 150, 1100)!;
    const ba = proportionDifference(150, 1100, 120, 900)!;
    expect(ba.estimate).toBeCloseTo(-ab.estimate, 12);
    expect(ba.low).toBeCloseTo(-ab.high, 12);
    expect(ba.high).toBeCloseTo(-ab.low, 12);
  });

  it('has no interval below the minimum sample of either variant', () => {
    expect(proportionDifference(10, MINIMUM_SAMPLE - 1, 20, 500)).toBeNull();
    expect(proportionDifference(10, 500, 20, MINIMUM_SAMPLE - 1)).toBeNull();
    expect(proportionDifference(10, MINIMUM_SAMPLE, 20, MINIMUM_SAMPLE)).not.toBeNull();
    expect(proportionDifference(0, 0, 0, 0, 0)).toBeNull();
  });

  it('has zero width when both rates are 0 or 1', () => {
    expect(proportionDifference(0, 200, 0, 200)).toEqual({ estimate: 0, low: 0, high: 0 });
    expect(proportionDifference(200, 200, 200, 200)).toEqual({ estimate: 0, low: 0, high: 0 });
  });

  it('gives a rate only with trials', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 0)).toBeNull();
  });
});
