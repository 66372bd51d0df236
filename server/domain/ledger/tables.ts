import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, JsonWithDefault } from '../../db/schema.ts';
import type { EntryType } from '../schemas/ledger-entry-types.ts';

type Id = Generated<number>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export { ENTRY_TYPES, type EntryType } from '../schemas/ledger-entry-types.ts';

/** One cached account per store and customer; changed only beside a ledger entry. */
export interface PointsAccountsTable {
  id: Id;
  store_id: number;
  customer_id: number;
  balance: Generated<number>;
  pending: Generated<number>;
  lifetime: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Append-only signed entry. `points` moves the available balance, `pending_points` the pending
 * total and `lifetime_points` the lifetime total; each cached total is the sum of its column.
 */
export interface LedgerEntriesTable {
  id: Id;
  store_id: number;
  customer_id: number;
  type: EntryType;
  points: number;
  pending_points: Generated<number>;
  lifetime_points: Generated<number>;
  source_type: string;
  source_id: string;
  rule_key: Generated<string>;
  parent_entry_id: number | null;
  computation: string;
  reason: string | null;
  release_at: NullableTime;
  expires_at: NullableTime;
  metadata: JsonWithDefault<Record<string, unknown>>;
  created_at: CreatedAt;
}

/** Points earned together: spent soonest-expiring first, expired by the expiry job. */
export interface PointsBatchesTable {
  id: Id;
  store_id: number;
  customer_id: number;
  entry_id: number;
  points: number;
  remaining: number;
  expires_at: NullableTime;
  created_at: CreatedAt;
}

export interface BatchSpendsTable {
  entry_id: number;
  batch_id: number;
  points: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    points_accounts: PointsAccountsTable;
    ledger_entries: LedgerEntriesTable;
    points_batches: PointsBatchesTable;
    batch_spends: BatchSpendsTable;
  }
}

export type LedgerEntry = Selectable<LedgerEntriesTable>;
export type PointsAccount = Selectable<PointsAccountsTable>;
