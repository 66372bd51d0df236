import { credit, inTransaction, type Executor } from '../../domain/ledger/index.ts';
import { formatMoney, type NormalizedOrder } from '../../domain/schemas/normalized-order.ts';
import { activeOrderRules, orderConfig, orderEarn, storeExpiryDays } from '../rules/index.ts';
import { storeCurrency } from '../stores/index.ts';
import { reevaluateTiers } from '../vip/index.ts';
import type { Receipt } from './tables.ts';

/** Receipts one shopper may send per hour, and how many may wait for review at once. */
export const RECEIPTS_PER_HOUR = 5;
export const RECEIPTS_PENDING = 10;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** A refusal of the receipt calls: the HTTP status and code the route answers with. */
export class ReceiptError extends Error {
  constructor(
    readonly status: 404 | 409 | 422 | 429,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Every column but the image's bytes. */
const COLUMNS = [
  'r.id',
  'r.store_id',
  'r.customer_id',
  'r.amount_minor',
  'r.currency',
  'r.purchased_on',
  'r.note',
  'r.file_name',
  'r.mime_type',
  'r.size_bytes',
  'r.status',
  'r.reason',
  'r.points',
  'r.reviewed_by',
  'r.reviewed_at',
  'r.created_at',
] as const;
export type ReceiptRow = Omit<Receipt, 'image'>;

/**
 * A signed-in shopper's receipt (image already checked), queued for review in the store's
 * currency. Refused when they sent RECEIPTS_PER_HOUR in the last hour or have RECEIPTS_PENDING
 * waiting (a clear 429, nothing stored).
 */
export async function submitReceipt(
  db: Executor,
  storeId: number,
  customerId: number,
  input: { amountMinor: number; purchasedOn: string | null; note: string; image: { fileName: string; mime: string; content: Buffer } },
  now: Date,
): Promise<ReceiptRow> {
  const counts = await db
    .selectFrom('receipts')
    .select((eb) => [
      eb.fn
        .countAll<number>()
        .filterWhere('created_at', '>=', new Date(now.getTime() - HOUR))
        .as('recent'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'pending').as('pending'),
    ])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (Number(counts.recent) >= RECEIPTS_PER_HOUR)
    throw new ReceiptError(429, 'too_many_receipts', `At most ${RECEIPTS_PER_HOUR} receipts an hour: try again later.`);
  if (Number(counts.pending) >= RECEIPTS_PENDING)
    throw new ReceiptError(429, 'too_many_pending', `You have ${RECEIPTS_PENDING} receipts waiting for review: wait for them first.`);
  const currency = await storeCurrency(db, storeId);
  const row = await db
    .insertInto('receipts')
    .values({
      store_id: storeId,
      customer_id: customerId,
      amount_minor: input.amountMinor,
      currency,
      purchased_on: input.purchasedOn,
      note: input.note,
      file_name: input.image.fileName,
      mime_type: input.image.mime,
      size_bytes: input.image.content.length,
      image: input.image.content,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findReceipt(db, storeId, Number(row.id)))!;
}

/** One of the store's receipts without its image, with its customer, or undefined. */
export const findReceipt = (db: Executor, storeId: number, id: number) =>
  db
    .selectFrom('receipts as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select(COLUMNS)
    .select(['c.email', 'c.first_name', 'c.last_name'])
    .where('r.store_id', '=', storeId)
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The image of one of the store's receipts (staff only: receipts are personal). */
export const readReceiptImage = (db: Executor, storeId: number, id: number) =>
  db.selectFrom('receipts').select(['mime_type', 'image']).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();

/** The moderation queue: the store's receipts in a state (pending oldest first, reviewed newest first) with their customer. */
export async function listReceipts(
  db: Executor,
  storeId: number,
  options: { status: 'pending' | 'approved' | 'rejected' | 'all'; limit: number; offset: number },
) {
  let query = db.selectFrom('receipts as r').innerJoin('customers as c', 'c.id', 'r.customer_id').where('r.store_id', '=', storeId);
  if (options.status !== 'all') query = query.where('r.status', '=', options.status);
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .select(['c.email', 'c.first_name', 'c.last_name'])
      .orderBy('r.id', options.status === 'pending' ? 'asc' : 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A shopper's latest receipts, for the widget: what they sent and what became of it. */
export const shopperReceipts = (db: Executor, storeId: number, customerId: number, limit = 10) =>
  db
    .selectFrom('receipts as r')
    .select(COLUMNS)
    .where('r.store_id', '=', storeId)
    .where('r.customer_id', '=', customerId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();

export type ReceiptDecision = { approve: true } | { approve: false; reason: string };

/**
 * Reviews a pending receipt, once (the row is locked; a reviewed one is refused with 409).
 * Approve: points by the store's active order rule on the receipt's amount, credited through the
 * ledger under the key `receipt:{id}` (so nothing is ever credited twice), the entry's reason
 * naming the receipt. Reject: the reason is kept and shown to the shopper.
 */
export async function reviewReceipt(db: Executor, storeId: number, id: number, decision: ReceiptDecision, who: string, now: Date) {
  return inTransaction(db, async (trx) => {
    const receipt = await trx
      .selectFrom('receipts as r')
      .select(COLUMNS)
      .where('r.store_id', '=', storeId)
      .where('r.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!receipt) throw new ReceiptError(404, 'not_found', 'Receipt not found.');
    if (receipt.status !== 'pending')
      throw new ReceiptError(409, 'receipt_reviewed', `This receipt was ${receipt.status} already by ${receipt.reviewed_by ?? 'someone'}.`);
    let points = 0;
    if (decision.approve) {
      const [rule] = await activeOrderRules(trx, storeId);
      if (!rule) throw new ReceiptError(409, 'no_order_rule', 'The store has no active order rule to turn the amount into points: add one under Points first.');
      const amount = Number(receipt.amount_minor);
      const order: NormalizedOrder = {
        externalId: `receipt-${id}`,
        number: `receipt #${id}`,
        customer: null,
        currency: receipt.currency,
        itemsMinor: amount,
        discountMinor: 0,
        shippingMinor: 0,
        taxMinor: 0,
        totalMinor: amount,
        lines: [],
        statuses: ['paid'],
        cancelled: false,
        placedAt: (receipt.purchased_on ? new Date(`${receipt.purchased_on}T00:00:00Z`) : receipt.created_at).toISOString(),
        updatedAt: now.toISOString(),
      };
      const earned = orderEarn(rule, order);
      points = earned.points;
      if (points > 0) {
        const expiryDays = orderConfig(rule).expiry_days ?? (await storeExpiryDays(trx, storeId));
        await credit(
          trx,
          {
            storeId,
            customerId: receipt.customer_id,
            type: 'order_earn',
            points,
            sourceType: 'receipt',
            sourceId: String(id),
            ruleKey: `earn:${rule.id}`,
            computation: earned.computation,
            reason: `In-store receipt #${id} (${formatMoney(amount, receipt.currency)}) approved by ${who}`,
            expiresAt: expiryDays ? new Date(now.getTime() + expiryDays * DAY) : null,
          },
          now,
        );
        await reevaluateTiers(trx, storeId, [receipt.customer_id], now);
      }
    }
    await trx
      .updateTable('receipts')
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        points: decision.approve ? points : null,
        reviewed_by: who,
        reviewed_at: now,
      })
      .where('id', '=', id)
      .execute();
    return (await findReceipt(trx, storeId, id))!;
  });
}
