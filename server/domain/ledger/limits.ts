import { POINTS_LIMITS, type PointsLimit } from '../schemas/points-limits.ts';

export { POINTS_LIMITS, type PointsLimit };

const LIMIT_TEXT: Record<PointsLimit, string> = {
  adjustment: 'one adjustment',
  rulePoints: "one rule's points",
  balance: 'a balance',
  lifetime: 'a lifetime total',
};

/** Raised inside the ledger's transaction when a total would pass its limit; the transaction rolls back. */
export class PointsLimitError extends Error {
  constructor(readonly limit: PointsLimit) {
    super(`This would take ${LIMIT_TEXT[limit]} beyond the limit of ${POINTS_LIMITS[limit]} points (${limit}).`);
  }
}

export interface AccountTotalsRow {
  balance: number;
  pending: number;
  lifetime: number;
}

/** Refuses totals past POINTS_LIMITS (the caller's transaction rolls back: nothing is written). */
export function checkLimits(rows: AccountTotalsRow[]): void {
  for (const row of rows) {
    if (Number(row.balance) > POINTS_LIMITS.balance || Number(row.pending) > POINTS_LIMITS.balance) throw new PointsLimitError('balance');
    if (Number(row.lifetime) > POINTS_LIMITS.lifetime) throw new PointsLimitError('lifetime');
  }
}

/** A whole number of points that one entry may move (never more than a balance can hold). */
export function checkEntryPoints(points: number, what: string): void {
  if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`A ${what} is a whole number of points ≥ 0 (got ${points}).`);
  if (points > POINTS_LIMITS.balance) throw new PointsLimitError('balance');
}
