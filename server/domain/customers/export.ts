import type { Executor } from '../ledger/index.ts';
import { customerRows, type CustomerFilter } from './list.ts';

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
] as const;
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

/** The filtered customers as CSV lines (header first), read in batches by id so memory stays flat on any store size. */
export async function* exportCustomers(db: Executor, storeId: number, filter: CustomerFilter & { ids?: number[] | undefined }): AsyncGenerator<string> {
  yield csvLine(EXPORT_COLUMNS);
  let after = 0;
  for (;;) {
    let query = customerRows(db, storeId, filter).where('c.id', '>', after);
    if (filter.ids) query = query.where('c.id', 'in', filter.ids.length ? filter.ids : [0]);
    const rows = await query.orderBy('c.id').limit(BATCH).execute();
    if (rows.length === 0) return;
    yield rows
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
        ]),
      )
      .join('');
    after = rows.at(-1)!.id;
    if (rows.length < BATCH) return;
  }
}
