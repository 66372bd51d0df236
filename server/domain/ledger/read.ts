import { sql } from 'kysely';
import { HELD_UNTIL } from './held.ts';
import type { Executor } from './ledger.ts';
import { expireDuePoints, releaseDuePoints } from './pending.ts';
import type { LedgerEntry } from './tables.ts';

/** Whether the store has this customer (every data host call on a customer checks it first). */
export async function customerExists(db: Executor, storeId: number, customerId: number): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').where('id', '=', customerId).where('store_id', '=', storeId).executeTakeFirst()) !== undefined;
}

export interface AccountTotals {
  balance: number;
  pending: number;
  lifetime: number;
}

/** The customer's totals, after releasing pending points that are due and expiring old batches. */
export async function readAccount(db: Executor, storeId: number, customerId: number, now: Date): Promise<AccountTotals> {
  await releaseDuePoints(db, now, { storeId, customerId });
  await expireDuePoints(db, now, { storeId, customerId });
  const row = await db
    .selectFrom('points_accounts')
    .select(['balance', 'pending', 'lifetime'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ?? { balance: 0, pending: 0, lifetime: 0 };
}

/** An entry of a history, and whether its points wait for the merchant's approval (held, not yet approved). */
export type ListedEntry = LedgerEntry & { held: boolean };

/**
 * The customer's history (or the store's), newest first by date: entries are not written in date
 * order (an order import credits past orders, a seed backdates), so the id only breaks ties.
 */
export async function listEntries(
  db: Executor,
  storeId: number,
  customerId: number | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ListedEntry[]; total: number }> {
  let query = db.selectFrom('ledger_entries').where('store_id', '=', storeId);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  const held = sql<boolean>`(ledger_entries.release_at = ${HELD_UNTIL} and ledger_entries.pending_points > 0 and not exists (
    select 1 from ledger_entries r where r.store_id = ledger_entries.store_id and r.source_type = 'release'
      and r.source_id = ledger_entries.id::text and r.rule_key = ''))`;
  const [rows, count] = await Promise.all([
    query.selectAll().select(held.as('held')).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
