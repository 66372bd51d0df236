/**
 * The points limits, declared once: the contract states them in the OpenAPI and the
 * ledger refuses anything beyond them (PointsLimitError → 422 naming the limit, nothing written).
 * Balances and lifetime totals are 64-bit columns; the limits keep them within JS safe integers.
 */
export const POINTS_LIMITS = {
  /** one manual adjustment, added or removed */
  adjustment: 10_000_000,
  /** the fixed points of one earning rule */
  rulePoints: 1_000_000,
  /** a customer's balance (and pending total); one ledger entry never moves more */
  balance: 1_000_000_000_000,
  /** a customer's lifetime total */
  lifetime: 1_000_000_000_000_000,
} as const;

export type PointsLimit = keyof typeof POINTS_LIMITS;
