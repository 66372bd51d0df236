import { formatMoney, type NormalizedOrder } from '../../domain/schemas/normalized-order.ts';

/**
 * One refund as an order state keeps it: the refunded amount (minor units), or with the counted
 * amount of its refunded line items (before tax) when the platform sent them (Shopify's
 * `refund_line_items`). Older states hold a bare number.
 */
export type RefundRecord = number | { amount: number; items: number };

const amountOf = (record: RefundRecord) => (typeof record === 'number' ? record : Number(record.amount));
const itemsOf = (record: RefundRecord) => (typeof record === 'number' ? null : Number(record.items));

/** What the platform says was refunded, all refunds added. */
export function claimedRefund(refunds: Record<string, RefundRecord> | null | undefined): number {
  return Object.values(refunds ?? {}).reduce((sum: number, record) => sum + amountOf(record), 0);
}

/** What counts as refunded: never more than the order's total (what was refundable). */
export function refundedMinor(refunds: Record<string, RefundRecord> | null | undefined, totalMinor: number): number {
  return Math.min(claimedRefund(refunds), Math.max(0, totalMinor));
}

export interface RefundClawback {
  /** points to have taken back in all */
  target: number;
  computation: string;
  /** set when the refunds exceed the order total and were clamped */
  reason: string | null;
  refunded: number;
}

/**
 * The points a refunded order gives back: refunds with line items by the share of the items the
 * rule counted (`eligibleMinor`), the others by their share of the order total; never more than
 * was earned, the refunds clamped to the order total.
 */
export function refundClawback(order: NormalizedOrder, refunds: Record<string, RefundRecord>, earned: number, eligibleMinor: number): RefundClawback {
  const total = Math.max(0, order.totalMinor ?? 0);
  const money = (minor: number) => formatMoney(minor, order.currency ?? 'USD');
  const claimed = claimedRefund(refunds);
  const refunded = Math.min(claimed, total);
  const reason = claimed > total ? `Refunds of ${money(claimed)} exceed the order total: counted as ${money(total)}, what remained refundable.` : null;
  const records = Object.values(refunds);
  const byItems = eligibleMinor > 0 && claimed <= total ? records.filter((record) => itemsOf(record) !== null) : [];
  const items = Math.min(
    eligibleMinor,
    byItems.reduce((sum: number, record) => sum + itemsOf(record)!, 0),
  );
  const rest = claimed <= total ? records.filter((record) => !byItems.includes(record)).reduce((sum: number, record) => sum + amountOf(record), 0) : refunded;
  const share = (byItems.length > 0 ? items / eligibleMinor : 0) + (total > 0 ? rest / total : 0);
  const target = Math.min(earned, Math.round(earned * share));
  const parts = [
    ...(byItems.length > 0 ? [`${earned} × ${money(items)} ÷ ${money(eligibleMinor)}`] : []),
    ...(rest > 0 || byItems.length === 0 ? [`${earned} × ${money(rest)} ÷ ${money(total)}`] : []),
  ];
  const what = [
    ...(byItems.length > 0 ? [`${money(items)} of ${money(eligibleMinor)} in items`] : []),
    ...(rest > 0 || byItems.length === 0 ? [`${money(rest)} of ${money(total)}`] : []),
  ];
  return { target, refunded, reason, computation: `refund on order ${order.number}: ${what.join(' and ')} → ${parts.join(' + ')} = ${target} points back` };
}
