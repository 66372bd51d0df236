import type { Executor } from '../../domain/ledger/index.ts';
import { customersAfter, type CustomerFilter } from './list.ts';

export const EXPORT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'balance',
  'pending',
  'lifetime',
  'vip_tier',
  'referrals',
  'program_status',
  'source',
  'birthday',
  'joined_at',
  'tags',
] as const;
/** How the export joins a customer's tags in one cell: the separator the customer import splits on. */
export const TAG_SEPARATOR = ';';
const BATCH = 1000;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) gets a leading apostrophe, so `=HYPERLINK(...)` stays text (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** What an export holds: the filter's customers, or only the chosen ones of them when `ids` is given. */
/** What an export holds: the filter's customers (or the chosen `ids` of them), up to the last customer that existed when it was asked for. */
export type ExportFilter = CustomerFilter & { ids?: number[] | undefined; upToId?: number | undefined };

/** One batch of an export: its CSV lines, how many customers they are and the last one's id. */
export interface ExportBatch {
  csv: string;
  rows: number;
  lastId: number;
}

/**
 * The filtered customers as CSV batches in id order, each read as a keyset batch after the previous
 * one's last id (`customersAfter`): each costs the same whatever its place in a big store, and
 * only one batch is held in memory.
 */
export async function* exportBatches(db: Executor, storeId: number, filter: ExportFilter, after = 0): AsyncGenerator<ExportBatch> {
  for (;;) {
    let query = customersAfter(db, storeId, filter, after, BATCH)
      .select([
        'c.id',
        'c.first_name',
        'c.last_name',
        'c.email',
        'c.vip_tier',
        'c.referral_count',
        'c.program_status',
        'c.source',
        'c.birthday',
        'c.created_at',
        'c.tags',
      ])
      .select(['a.balance', 'a.pending', 'a.lifetime']);
    if (filter.ids) query = query.where('c.id', 'in', filter.ids.length ? filter.ids : [0]);
    if (filter.upToId !== undefined) query = query.where('c.id', '<=', filter.upToId);
    const rows = await query.execute();
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield {
      csv: rows
        .map((row) =>
          csvLine([
            row.id,
            row.first_name,
            row.last_name,
            row.email,
            row.balance,
            row.pending,
            row.lifetime,
            row.vip_tier,
            row.referral_count,
            row.program_status,
            row.source,
            row.birthday,
            row.created_at.toISOString(),
            row.tags.join(TAG_SEPARATOR),
          ]),
        )
        .join(''),
      rows: rows.length,
      lastId: after,
    };
    if (rows.length < BATCH) return;
  }
}

/** The filtered customers as CSV lines (header first), read in batches by id so memory stays flat on any store size. */
export async function* exportCustomers(db: Executor, storeId: number, filter: ExportFilter): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  for await (const batch of exportBatches(db, storeId, filter)) yield batch.csv;
}
