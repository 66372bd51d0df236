import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JsonWithDefault } from '../../db/schema.ts';
import type { ImportProblem } from './contract/vocabulary.ts';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type CustomerImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** One checked row of an import file, ready to write. */
export interface ImportCustomer {
  /** the line of the file it came from */
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  birthday: string | null;
  /** opening balance (0: none) */
  points: number;
  tags: string[];
}

export interface CustomerImportsTable {
  id: Generated<number>;
  store_id: number;
  status: Generated<CustomerImportStatus>;
  /** customers in the file */
  total: number;
  /** customers written so far (the resume point) */
  processed: Generated<number>;
  created: Generated<number>;
  /** existing customers of which a field changed */
  updated: Generated<number>;
  /** existing customers the file changed nothing of */
  unchanged: Generated<number>;
  /** rows with problems, left out (the merchant chose to skip bad rows) */
  skipped: Generated<number>;
  /** the skipped rows' problems (the first ones, at most IMPORT_SKIPPED_KEPT) */
  skipped_rows: JsonWithDefault<ImportProblem[]>;
  points_credited: Generated<number>;
  /** the rows still to write (emptied when done) */
  rows: JsonWithDefault<ImportCustomer[]>;
  error: string | null;
  created_by: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: NullableTime;
}

export interface CustomerInvitesTable {
  id: Generated<number>;
  store_id: number;
  customer_id: number;
  status: Generated<'queued' | 'sent'>;
  invited_by: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AwardCampaignsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  points: number;
  filter: JsonWithDefault<Record<string, unknown>>;
  status: Generated<'draft' | 'granting' | 'done' | 'failed'>;
  total: Generated<number>;
  processed: Generated<number>;
  granted_points: Generated<number>;
  last_customer_id: Generated<number>;
  created_by: Generated<string>;
  granted_by: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  granted_at: NullableTime;
  finished_at: NullableTime;
}

export interface ReceiptsTable {
  id: Generated<number>;
  store_id: number;
  customer_id: number;
  amount_minor: number;
  currency: string;
  purchased_on: string | null;
  note: Generated<string>;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  image: Uint8Array;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  points: number | null;
  reviewed_by: string | null;
  reviewed_at: NullableTime;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../db/schema.ts' {
  interface Database {
    receipts: ReceiptsTable;
    award_campaigns: AwardCampaignsTable;
    customer_imports: CustomerImportsTable;
    customer_invites: CustomerInvitesTable;
  }
}

export type CustomerImport = Selectable<CustomerImportsTable>;
export type AwardCampaign = Selectable<AwardCampaignsTable>;
export type Receipt = Selectable<ReceiptsTable>;
