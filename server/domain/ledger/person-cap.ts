import { sql } from 'kysely';
import { inTransaction, type Executor } from './ledger.ts';

/** A person's request that would move more points than their role may in one go (staff: the store's cap); nothing is written. */
export class AdjustmentCapError extends Error {
  constructor(
    readonly cap: number,
    readonly moved: number,
  ) {
    super(`Staff can move at most ${cap.toLocaleString('en-US')} points at a time (this would move ${moved.toLocaleString('en-US')}); ask an owner or admin.`);
  }
}

/**
 * The points the ledger entries written so far by the current transaction move: every entry's
 * available points either way, plus the pending points it adds (a release moves pending points
 * into the balance: counted once). Entries after `afterId` whose row this transaction wrote
 * (`xmin`), so a concurrent writer's entries never count.
 */
async function pointsMovedHere(trx: Executor, afterId: number): Promise<number> {
  const { rows } = await sql<{ moved: string | number }>`
    select coalesce(sum(abs(points) + greatest(pending_points, 0)), 0) as moved from ledger_entries
    where id > ${afterId} and xmin = pg_current_xact_id_if_assigned()::xid`.execute(trx);
  return Number(rows[0]?.moved ?? 0);
}

/**
 * Runs what a person asked for (a support action in the console) in one transaction. With a
 * `cap` (staff), everything the work writes to the ledger counts against it, whatever the path —
 * an adjustment, a set balance, a tier's entry reward, an approved hold, a receipt, a referral,
 * a rolled-back or redeemed reward — and beyond it AdjustmentCapError rolls it all back. Without
 * a cap (owners, admins) the work runs as it is. `asked`, the points the person named (an
 * adjustment's), is refused before anything is done.
 */
export async function withinPointsCap<T>(db: Executor, cap: number | undefined, work: (trx: Executor) => Promise<T>, asked = 0): Promise<T> {
  if (cap === undefined) return work(db);
  if (asked > cap) throw new AdjustmentCapError(cap, asked);
  return inTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const result = await work(trx);
    const moved = await pointsMovedHere(trx, Number(last?.id ?? 0));
    if (moved > cap) throw new AdjustmentCapError(cap, moved);
    return result;
  });
}
