import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import { debitRow, InsufficientPointsError, insertEntries, inTransaction, type DebitInput, type Executor } from './ledger.ts';
import { checkEntryPoints, checkLimits, type AccountTotalsRow } from './limits.ts';
import type { LedgerEntry } from './tables.ts';

/**
 * Spends points of many entries in four statements, as `debit` one after another in the given
 * order would: the entries (a repeated idempotency key is skipped), the accounts locked in one
 * global order and lowered only where the balance covers the customer's debits
 * (InsufficientPointsError otherwise), then each customer's open batches, soonest expiry first,
 * taken by their debits in turn. Answers the entries written, in id order (the given order).
 */
export async function debitMany(db: Executor, inputs: DebitInput[], now: Date): Promise<LedgerEntry[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) checkEntryPoints(input.points, 'debit');
  const rows = inputs.map((input, position) => ({ ...debitRow(input), position }));
  return inTransaction(db, async (trx) => {
    const { input, insert } = insertEntries(rows, now);
    const { rows: entries } = await sql<LedgerEntry>`with ${input} ${insert}`.execute(trx);
    if (entries.length === 0) return [];
    entries.sort((a, b) => Number(a.id) - Number(b.id));
    // each entry's share of its customer's debits: [taken, taken + points)
    const accounts = new Map<string, { store_id: number; customer_id: number; points: number; lifetime: number }>();
    const spends = entries.map((entry) => {
      const key = `${entry.store_id}:${entry.customer_id}`;
      const account = accounts.get(key) ?? { store_id: Number(entry.store_id), customer_id: Number(entry.customer_id), points: 0, lifetime: 0 };
      accounts.set(key, account);
      const from = account.points;
      account.points -= Number(entry.points);
      account.lifetime += Number(entry.lifetime_points);
      return { entry_id: Number(entry.id), store_id: account.store_id, customer_id: account.customer_id, from, to: account.points };
    });
    const lowered = [...accounts.values()].sort((a, b) => a.store_id - b.store_id || a.customer_id - b.customer_id);
    await sql`select 1 from points_accounts a
      join jsonb_to_recordset(${json(lowered)}::jsonb) as r(store_id bigint, customer_id bigint) on a.store_id = r.store_id and a.customer_id = r.customer_id
      order by a.store_id, a.customer_id for update of a`.execute(trx);
    const updated = await sql<AccountTotalsRow & { store_id: number; customer_id: number }>`update points_accounts a
      set balance = a.balance - r.points, lifetime = a.lifetime + r.lifetime, updated_at = ${now}
      from jsonb_to_recordset(${json(lowered)}::jsonb) as r(store_id bigint, customer_id bigint, points bigint, lifetime bigint)
      where a.store_id = r.store_id and a.customer_id = r.customer_id and a.balance >= r.points
      returning a.store_id, a.customer_id, a.balance, a.pending, a.lifetime`.execute(trx);
    if (updated.rows.length !== lowered.length) {
      const covered = new Set(updated.rows.map((row) => `${row.store_id}:${row.customer_id}`));
      const short = lowered.find((account) => !covered.has(`${account.store_id}:${account.customer_id}`))!;
      throw new InsufficientPointsError(short.points);
    }
    checkLimits(updated.rows);
    const spent = await sql<{ entry_id: number; points: number }>`
      with d as (select * from jsonb_to_recordset(${json(spends.filter((spend) => spend.to > spend.from))}::jsonb)
          as r(entry_id bigint, store_id bigint, customer_id bigint, "from" bigint, "to" bigint)),
      b as (
        select id, store_id, customer_id, remaining,
          sum(remaining) over (partition by store_id, customer_id order by expires_at asc nulls last, id) as running
        from points_batches where remaining > 0 and (store_id, customer_id) in (select store_id, customer_id from d)
      ),
      take as (
        select d.entry_id, b.id as batch_id, (least(d."to", b.running) - greatest(d."from", b.running - b.remaining))::bigint as used
        from d join b on b.store_id = d.store_id and b.customer_id = d.customer_id and b.running - b.remaining < d."to" and b.running > d."from"
      ),
      batches as (
        update points_batches p set remaining = p.remaining - t.used
        from (select batch_id, sum(used) as used from take group by batch_id) t where p.id = t.batch_id
      )
      insert into batch_spends (entry_id, batch_id, points) select entry_id, batch_id, used from take order by entry_id, batch_id
      returning entry_id, points`.execute(trx);
    const taken = new Map<number, number>();
    for (const row of spent.rows) taken.set(Number(row.entry_id), (taken.get(Number(row.entry_id)) ?? 0) + Number(row.points));
    for (const spend of spends)
      if ((taken.get(spend.entry_id) ?? 0) !== spend.to - spend.from)
        throw new Error(`Ledger batches of customer ${spend.customer_id} hold fewer points than its debits take: run ledger:verify.`);
    return entries;
  });
}
