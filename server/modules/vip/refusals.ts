import { ApiError } from '../../http/errors.ts';
import { asApiError } from '../../http/rule-errors.ts';
import { VipError } from './ladder.ts';

/** A VIP refusal as its 4xx API error (a field's message on that field); the ledger's and the rules' as `asApiError` turns them. */
export const asVipApiError = (error: unknown): never => {
  if (error instanceof VipError) throw new ApiError(error.status, error.message, error.code, error.field ? { [error.field]: error.message } : {});
  return asApiError(error);
};
