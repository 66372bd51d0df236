/** z for a two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/** Shoppers each variant needs before a difference is shown. */
export const MINIMUM_SAMPLE = 100;

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/**
 * The difference of two proportions (B − A) with its 95 % confidence interval, the unpooled
 * two-proportion z (Wald) interval: (pB − pA) ± z·√(pA(1−pA)/nA + pB(1−pB)/nB). Null when a
 * variant has fewer than `minimum` trials.
 */
export function proportionDifference(successesA: number, trialsA: number, successesB: number, trialsB: number, minimum = MINIMUM_SAMPLE): Interval | null {
  if (trialsA < Math.max(1, minimum) || trialsB < Math.max(1, minimum)) return null;
  const pA = successesA / trialsA;
  const pB = successesB / trialsB;
  const margin = Z_95 * Math.sqrt((pA * (1 - pA)) / trialsA + (pB * (1 - pB)) / trialsB);
  const estimate = pB - pA;
  return { estimate, low: estimate - margin, high: estimate + margin };
}

/** successes / trials, or null with no trials. */
export const rate = (successes: number, trials: number): number | null => (trials > 0 ? successes / trials : null);
