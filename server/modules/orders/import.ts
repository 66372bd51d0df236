import Papa from 'papaparse';
import { z } from 'zod';
import type { Executor } from '../../domain/ledger/index.ts';
import { toMinor, type OrderEvent } from '../../domain/schemas/normalized-order.ts';
import type { ImportFailure } from '../../domain/schemas/import-failure.ts';
import { applyOrderEvents } from './process.ts';

/** The largest amount one imported order may state, in minor units (10,000,000,000.00). */
const MAX_ORDER_MINOR = 1_000_000_000_000;

/** An amount in the order's currency, as a decimal string or a number: 0 or more, within MAX_ORDER_MINOR. */
const amount = z.union([z.string(), z.number()]).superRefine((value, ctx) => {
  let minor: number;
  try {
    minor = toMinor(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${String(value).slice(0, 40)}" is not an amount: write it like 54.20.` });
    return;
  }
  if (minor < 0) ctx.addIssue({ code: 'custom', message: 'An amount cannot be negative.' });
  else if (minor > MAX_ORDER_MINOR) ctx.addIssue({ code: 'custom', message: 'At most 10,000,000,000.00 in one order.' });
});

/** When the order was placed: a date and time a calendar holds (years 1970 to 9999). */
const placedAt = z
  .string()
  .max(40)
  .refine((text) => {
    const time = Date.parse(text);
    return Number.isFinite(time) && time >= 0 && new Date(time).getUTCFullYear() <= 9999;
  }, 'Not a date and time: write it like 2026-01-05T10:00:00Z.');

/** One imported order (CSV columns or JSON fields); amounts are decimal strings or numbers in the currency. */
const importRow = z.object({
  order_id: z.coerce.string().min(1).max(100),
  platform: z.enum(['shopify', 'bigcommerce', 'custom']).default('custom'),
  number: z.coerce.string().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  customer_id: z.coerce.string().max(100).optional(),
  first_name: z.string().max(100).default(''),
  last_name: z.string().max(100).default(''),
  currency: z.string().length(3).default('USD'),
  items: amount,
  discounts: amount.default(0),
  shipping: amount.default(0),
  tax: amount.default(0),
  total: amount,
  refunded: amount.default(0),
  status: z.string().min(1).max(40).default('paid'),
  cancelled: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).default(false),
  placed_at: placedAt,
});
export type ImportRow = z.infer<typeof importRow>;

/** One order of an import and its row in the file (from 1). */
export interface ImportItem {
  row: number;
  event: OrderEvent;
}

function toEvent(row: ImportRow): OrderEvent {
  const status = row.status.toLowerCase();
  const cancelled = row.cancelled === true || row.cancelled === 'true' || row.cancelled === '1' || status === 'cancelled';
  const refunded = toMinor(row.refunded);
  return {
    platform: row.platform,
    orderExternalId: row.order_id,
    // one cumulative refund per order: a second import of the same order changes nothing
    refunds: refunded > 0 ? [{ refundId: 'import:refunded_total', amountMinor: refunded }] : [],
    order: {
      externalId: row.order_id,
      number: row.number ?? `#${row.order_id}`,
      customer:
        row.email || row.customer_id
          ? { externalId: row.customer_id ?? null, email: row.email ?? null, firstName: row.first_name, lastName: row.last_name }
          : null,
      currency: row.currency,
      itemsMinor: toMinor(row.items),
      discountMinor: toMinor(row.discounts),
      shippingMinor: toMinor(row.shipping),
      taxMinor: toMinor(row.tax),
      totalMinor: toMinor(row.total),
      lines: [],
      statuses: ['paid', 'completed', 'refunded', 'partially_refunded'].includes(status) ? [status, 'paid'] : [status],
      cancelled,
      placedAt: new Date(row.placed_at).toISOString(),
      updatedAt: '',
    },
  };
}

export function parseCsv(text: string): unknown[] {
  return Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim().toLowerCase() }).data;
}

/** Reads the rows of a file: the orders to import, and the rows refused with the reason. */
export function prepareImport(rows: unknown[]): { items: ImportItem[]; failed: ImportFailure[] } {
  const failed: ImportFailure[] = [];
  const items: ImportItem[] = [];
  rows.forEach((raw, index) => {
    const parsed = importRow.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      failed.push({ row: index + 1, message: `${issue?.path.join('.') ?? 'row'}: ${issue?.message ?? 'invalid'}` });
      return;
    }
    try {
      items.push({ row: index + 1, event: toEvent(parsed.data) });
    } catch (error) {
      failed.push({ row: index + 1, message: error instanceof Error ? error.message : String(error) });
    }
  });
  return { items, failed };
}

/** An error of the database itself (PostgreSQL's or PGlite's): its text is about SQL, not about the row. */
const fromDatabase = (error: unknown) => typeof error === 'object' && error !== null && 'severity' in error && 'routine' in error;

/** What is wrong with an order that could not be saved: the domain's refusals say it; the database's words are not the merchant's. */
const messageOf = (error: unknown) =>
  error instanceof Error && !fromDatabase(error)
    ? error.message
    : 'This order could not be saved: one of its values is out of range. Check its amounts, dates and ids.';

/**
 * Imports a chunk of orders through the same path as the webhooks (so an order imported and also
 * received by webhook earns once), one transaction per platform. A chunk that fails is retried
 * order by order; the orders that still fail are returned with the reason.
 */
export async function applyImportItems(db: Executor, storeId: number, items: ImportItem[], now: Date): Promise<ImportFailure[]> {
  const failed: ImportFailure[] = [];
  for (const platform of new Set(items.map((item) => item.event.platform))) {
    const group = items.filter((item) => item.event.platform === platform);
    try {
      await applyOrderEvents(
        db,
        storeId,
        group.map((item) => item.event),
        now,
      );
    } catch {
      for (const item of group) {
        await applyOrderEvents(db, storeId, [item.event], now).catch((error: unknown) => failed.push({ row: item.row, message: messageOf(error) }));
      }
    }
  }
  return failed.sort((a, b) => a.row - b.row);
}
