import { appendEntries, inTransaction, lockAccount, type Executor } from './ledger.ts';
import { publishLedgerEvent } from './events.ts';
import { isReleased, netPending, releaseRow } from './pending.ts';
import type { LedgerEntry } from './tables.ts';

/**
 * Pending until the merchant approves (an order in another currency): the release date
 * no approval window ever reaches. `approveHeldEntry` releases such an entry at once.
 */
export const HELD_UNTIL = new Date('9999-12-31T00:00:00Z');

export class HeldEntryError extends Error {
  constructor(readonly status: 404 | 409) {
    super(status === 404 ? 'Entry not found.' : 'This entry is not waiting for approval.');
  }
}

/** Releases a held entry of the store (one `release` entry, under the account's lock); refused when not held or done. */
export async function approveHeldEntry(db: Executor, storeId: number, entryId: number, who: string, now: Date): Promise<LedgerEntry> {
  return inTransaction(db, async (trx) => {
    const entry = await trx.selectFrom('ledger_entries').selectAll().where('id', '=', entryId).where('store_id', '=', storeId).executeTakeFirst();
    if (!entry) throw new HeldEntryError(404);
    await lockAccount(trx, storeId, entry.customer_id, now);
    if (entry.release_at === null || entry.release_at.getTime() < HELD_UNTIL.getTime() || (await isReleased(trx, entry))) throw new HeldEntryError(409);
    const [release] = await appendEntries(trx, [releaseRow(entry, Math.max(0, await netPending(trx, entry)), `approved by ${who}`)], now);
    if (!release) throw new HeldEntryError(409);
    await publishLedgerEvent(trx, 'points.released', { releases: [release], earns: [entry] }, now);
    return release;
  });
}
