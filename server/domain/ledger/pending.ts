import { sql } from 'kysely';
import { publishLedgerEvent } from './events.ts';
import { appendEntries, inTransaction, type EntryRow, type Executor } from './ledger.ts';
import type { LedgerEntry } from './tables.ts';

export interface Scope {
  storeId?: number;
  customerId?: number;
}

/** Earn entries still pending whose approval window has passed (not yet released). */
async function dueEntries(db: Executor, now: Date, scope: Scope, limit: number): Promise<LedgerEntry[]> {
  let query = db
    .selectFrom('ledger_entries as e')
    .selectAll('e')
    .where('e.release_at', 'is not', null)
    .where('e.release_at', '<=', now)
    .where('e.pending_points', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_entries as r')
            .select('r.id')
            .whereRef('r.store_id', '=', 'e.store_id')
            .where('r.source_type', '=', 'release')
            .where('r.source_id', '=', sql<string>`e.id::text`)
            .where('r.rule_key', '=', ''),
        ),
      ),
    );
  if (scope.storeId !== undefined) query = query.where('e.store_id', '=', scope.storeId);
  if (scope.customerId !== undefined) query = query.where('e.customer_id', '=', scope.customerId);
  return query.orderBy('e.store_id').orderBy('e.customer_id').orderBy('e.id').limit(limit).execute();
}

/** Locks the accounts of these customers, in one global order. */
async function lockAccounts(trx: Executor, accounts: Array<{ store_id: number; customer_id: number }>): Promise<void> {
  const keys = [...new Set(accounts.map((row) => `${row.store_id}:${row.customer_id}`))].sort();
  for (const key of keys) {
    const [storeId, customerId] = key.split(':').map(Number) as [number, number];
    await trx.selectFrom('points_accounts').select('id').where('store_id', '=', storeId).where('customer_id', '=', customerId).forUpdate().execute();
  }
}

/** Pending points of an earn entry still waiting: its own minus pending clawbacks (children). */
export async function netPending(trx: Executor, entry: LedgerEntry): Promise<number> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pending_points'), sql<number>`0`).as('total'))
    .where('store_id', '=', entry.store_id)
    .where((eb) => eb.or([eb('id', '=', entry.id), eb('parent_entry_id', '=', entry.id)]))
    .where('type', '!=', 'release')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function isReleased(trx: Executor, entry: LedgerEntry): Promise<boolean> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select('id')
    .where('store_id', '=', entry.store_id)
    .where('source_type', '=', 'release')
    .where('source_id', '=', String(entry.id))
    .where('rule_key', '=', '')
    .executeTakeFirst();
  return row !== undefined;
}

/** The `release` entry of an earn: pending −net, balance +net, lifetime +net, a batch with the earn's expiry. */
export function releaseRow(entry: LedgerEntry, net: number, how: string): EntryRow {
  return {
    store_id: entry.store_id,
    customer_id: entry.customer_id,
    type: 'release',
    points: net,
    pending_points: -net,
    lifetime_points: net,
    source_type: 'release',
    source_id: String(entry.id),
    rule_key: '',
    parent_entry_id: entry.id,
    computation: `${net} pending points of entry #${entry.id} ${how}`,
    reason: null,
    release_at: null,
    expires_at: entry.expires_at,
    metadata: {},
  };
}

/**
 * Makes pending points available once their approval window has passed: one `release` entry per
 * earn (pending −n, balance +n, lifetime +n, a batch with the earn's expiry). Called on read for
 * one customer and by the job for everyone; a second release of the same earn is a no-op.
 */
export async function releaseDuePoints(db: Executor, now: Date, scope: Scope = {}, limit = 1000): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await dueEntries(db, now, scope, limit);
    if (due.length === 0) return released;
    await inTransaction(db, async (trx) => {
      await lockAccounts(trx, due);
      const rows: EntryRow[] = [];
      for (const entry of due) {
        if (await isReleased(trx, entry)) continue;
        rows.push(releaseRow(entry, Math.max(0, await netPending(trx, entry)), 'approved'));
      }
      const inserted = await appendEntries(trx, rows, now);
      // in its transaction: the areas that follow releases (the emails of an order's points, a birthday gift)
      await publishLedgerEvent(trx, 'points.released', { releases: inserted, earns: due }, now);
      released += inserted.length;
    });
    if (due.length < limit) return released;
  }
}

/**
 * Expires every batch whose expiry has passed: an `expiry` entry takes its remaining points.
 * The account row is locked first, so a concurrent redemption never spends the same points.
 */
export async function expireDuePoints(db: Executor, now: Date, scope: Scope = {}, limit = 1000): Promise<number> {
  let expired = 0;
  let progress = 0;
  for (;;) {
    let query = db
      .selectFrom('points_batches')
      .select(['id', 'store_id', 'customer_id'])
      .where('remaining', '>', 0)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now);
    if (scope.storeId !== undefined) query = query.where('store_id', '=', scope.storeId);
    if (scope.customerId !== undefined) query = query.where('customer_id', '=', scope.customerId);
    const due = await query.orderBy('id').limit(limit).execute();
    if (due.length === 0) return expired;
    await inTransaction(db, async (trx) => {
      await lockAccounts(trx, due);
      const batches = await trx
        .selectFrom('points_batches')
        .selectAll()
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .where('remaining', '>', 0)
        .execute();
      const rows: EntryRow[] = batches.map((batch) => ({
        store_id: batch.store_id,
        customer_id: batch.customer_id,
        type: 'expiry',
        points: -batch.remaining,
        pending_points: 0,
        lifetime_points: 0,
        source_type: 'batch',
        source_id: String(batch.id),
        rule_key: `expiry:${now.getTime()}`,
        parent_entry_id: batch.entry_id,
        computation: `${batch.remaining} points earned by entry #${batch.entry_id} expired on ${batch.expires_at?.toISOString().slice(0, 10)}`,
        reason: null,
        release_at: null,
        expires_at: null,
        metadata: {},
      }));
      const inserted = await appendEntries(trx, rows, now);
      const done = new Set(inserted.map((entry) => entry.source_id));
      const ids = batches.filter((batch) => done.has(String(batch.id))).map((batch) => batch.id);
      if (ids.length > 0) {
        await trx
          .insertInto('batch_spends')
          .values(inserted.map((entry) => ({ entry_id: entry.id, batch_id: Number(entry.source_id), points: -entry.points })))
          .execute();
        await trx.updateTable('points_batches').set({ remaining: 0 }).where('id', 'in', ids).execute();
      }
      expired += inserted.length;
      progress = inserted.length;
    });
    if (due.length < limit || progress === 0) return expired;
  }
}
