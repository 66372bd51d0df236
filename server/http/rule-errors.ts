import { AdjustmentCapError, HeldEntryError, OutOfProgramError, InsufficientPointsError, POINTS_LIMITS, PointsLimitError } from '../domain/ledger/index.ts';
import { Refusal } from '../domain/refusal.ts';
import { ApiError } from './errors.ts';

/** Turns a refusal of the ledger or of the program (a rule's, a referral's; a module maps its own kinds first) into its 4xx API error; rethrows anything else. */
export const asApiError = (error: unknown): never => {
  if (error instanceof InsufficientPointsError) throw new ApiError(422, 'Not enough points', 'not_enough_points');
  if (error instanceof OutOfProgramError) throw new ApiError(422, error.message, error.why, { customer_id: error.message });
  if (error instanceof PointsLimitError)
    throw new ApiError(422, error.message, 'points_limit', { points: `The limit of ${error.limit} is ${POINTS_LIMITS[error.limit]} points.` });
  if (error instanceof AdjustmentCapError)
    throw new ApiError(403, error.message, 'adjustment_cap', { points: `At most ${error.cap} points either way in one go.` });
  if (error instanceof HeldEntryError) throw new ApiError(error.status, error.message, error.status === 404 ? 'not_found' : 'not_held');
  if (error instanceof Refusal) throw new ApiError(error.status, error.message, error.code);
  throw error;
};
