/** The points ledger: every mutation of points goes through here. */
export type { EntryType, LedgerEntry, PointsAccount } from './tables.ts';
export {
  OutOfProgramError,
  InsufficientPointsError,
  appendEntries,
  credit,
  creditMany,
  debit,
  inTransaction,
  lockAccount,
  openingBalances,
  reverseDebit,
  type CreditInput,
  type CreditResult,
  type DebitInput,
  type EntryInput,
  type EntryRow,
  type EntrySource,
  type Executor,
} from './ledger.ts';
export { debitMany } from './debit-many.ts';
export { HELD_UNTIL, HeldEntryError, approveHeldEntry } from './held.ts';
export { expireDuePoints, isReleased, netPending, releaseDuePoints, type Scope } from './pending.ts';
export { customerExists, listEntries, readAccount, type AccountTotals, type ListedEntry } from './read.ts';
export { listStoreActivity, type ActivityFilter, type ActivityRow } from './activity.ts';
export { POINTS_LIMITS, PointsLimitError, checkLimits, type PointsLimit } from './limits.ts';
export { verifyLedger, type LedgerBreach } from './verify.ts';
export { AdjustmentCapError, withinPointsCap } from './person-cap.ts';
