import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from './ledger.ts';

export interface LedgerBreach {
  storeId: number;
  customerId: number;
  problem: string;
}

interface Row {
  store_id: unknown;
  customer_id: unknown;
  has_account: boolean;
  balance: unknown;
  pending: unknown;
  lifetime: unknown;
  sum_points: unknown;
  sum_pending: unknown;
  sum_lifetime: unknown;
  batch_remaining: unknown;
  min_remaining: unknown;
}

/**
 * The ledger's invariants for every account (or one store): each cached total equals the sum of
 * its entries, nothing is negative, and the open batches hold exactly the available balance.
 */
export async function verifyLedger(db: Executor, storeId?: number): Promise<LedgerBreach[]> {
  const where = storeId === undefined ? sql`true` : sql`store_id = ${storeId}`;
  const { rows } = await sql<Row>`
    with sums as (
      select store_id, customer_id, sum(points) as sum_points, sum(pending_points) as sum_pending, sum(lifetime_points) as sum_lifetime
      from ledger_entries where ${where} group by store_id, customer_id
    ), batches as (
      select store_id, customer_id, sum(remaining) as batch_remaining, min(remaining) as min_remaining
      from points_batches where ${where} group by store_id, customer_id
    ), accounts as (select * from points_accounts where ${where})
    select coalesce(a.store_id, s.store_id) as store_id, coalesce(a.customer_id, s.customer_id) as customer_id,
      a.id is not null as has_account, a.balance, a.pending, a.lifetime,
      coalesce(s.sum_points, 0) as sum_points, coalesce(s.sum_pending, 0) as sum_pending, coalesce(s.sum_lifetime, 0) as sum_lifetime,
      coalesce(b.batch_remaining, 0) as batch_remaining, coalesce(b.min_remaining, 0) as min_remaining
    from accounts a
    full join sums s on s.store_id = a.store_id and s.customer_id = a.customer_id
    left join batches b on b.store_id = coalesce(a.store_id, s.store_id) and b.customer_id = coalesce(a.customer_id, s.customer_id)`.execute(db);
  const breaches: LedgerBreach[] = [];
  for (const row of rows) {
    const id = { storeId: toNumber(row.store_id), customerId: toNumber(row.customer_id) };
    const report = (problem: string) => breaches.push({ ...id, problem });
    if (!row.has_account) {
      report('entries without an account');
      continue;
    }
    const [balance, pending, lifetime] = [toNumber(row.balance), toNumber(row.pending), toNumber(row.lifetime)];
    if (balance !== toNumber(row.sum_points)) report(`balance ${balance} ≠ sum of entries ${toNumber(row.sum_points)}`);
    if (pending !== toNumber(row.sum_pending)) report(`pending ${pending} ≠ sum of entries ${toNumber(row.sum_pending)}`);
    if (lifetime !== toNumber(row.sum_lifetime)) report(`lifetime ${lifetime} ≠ sum of entries ${toNumber(row.sum_lifetime)}`);
    if (balance < 0) report(`negative balance ${balance}`);
    if (pending < 0) report(`negative pending ${pending}`);
    if (toNumber(row.min_remaining) < 0) report('a batch with negative remaining points');
    if (toNumber(row.batch_remaining) !== balance) report(`open batches hold ${toNumber(row.batch_remaining)} ≠ balance ${balance}`);
  }
  return breaches;
}
