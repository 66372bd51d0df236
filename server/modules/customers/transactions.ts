import { sql } from 'kysely';
import type { Executor } from '../../domain/ledger/index.ts';
import type { CustomerTransactionSort } from './contract/vocabulary.ts';
import { likePattern } from './search.ts';

export interface CustomerTransactionFilter {
  /** part of the customer's e-mail or name */
  search?: string | undefined;
  /** entries written at or after this instant */
  from?: Date | undefined;
  /** entries written before this instant */
  to?: Date | undefined;
  sort: { by: CustomerTransactionSort; desc: boolean };
}

const SORTS: Record<CustomerTransactionSort, string> = {
  last_activity: 'last_activity',
  earned: 'earned',
  spent: 'spent',
  net: 'net',
  entries: 'entries',
};

/**
 * spec §7 data host transaction/customer/list: the customers who had points activity in a
 * period, one row each with what the ledger did to them in it — entries, points earned (every
 * credit), spent on rewards (redemptions net of rolled-back ones), expired, taken back by
 * refunds, the net change and the last entry. The period reads the ledger through
 * ledger_entries_store_time_idx; only customers with entries appear.
 */
export async function listCustomerTransactions(db: Executor, storeId: number, filter: CustomerTransactionFilter, page: { limit: number; offset: number }) {
  let entries = db.selectFrom('ledger_entries as e').where('e.store_id', '=', storeId);
  if (filter.from) entries = entries.where('e.created_at', '>=', filter.from);
  if (filter.to) entries = entries.where('e.created_at', '<', filter.to);
  const totals = entries
    .select([
      'e.customer_id',
      sql<number>`count(*)`.as('entries'),
      sql<number>`coalesce(sum(e.points) filter (where e.points > 0 and e.type not in ('redemption_rollback')), 0)`.as('earned'),
      sql<number>`coalesce(-sum(e.points) filter (where e.type in ('redemption', 'redemption_rollback')), 0)`.as('spent'),
      sql<number>`coalesce(-sum(e.points) filter (where e.type = 'expiry'), 0)`.as('expired'),
      sql<number>`coalesce(-sum(e.points) filter (where e.type = 'refund_clawback'), 0)`.as('clawed_back'),
      sql<number>`coalesce(sum(e.points), 0)`.as('net'),
      sql<Date>`max(e.created_at)`.as('last_activity'),
    ])
    .groupBy('e.customer_id');
  let query = db.selectFrom(totals.as('t')).innerJoin('customers as c', (join) => join.onRef('c.id', '=', 't.customer_id').on('c.store_id', '=', storeId));
  const text = filter.search?.trim();
  if (text) {
    const like = likePattern(text);
    query = query.where((eb) => eb.or([eb('c.email', 'ilike', like), eb(sql<string>`c.first_name || ' ' || c.last_name`, 'ilike', like)]));
  }
  const direction = sql.raw(filter.sort.desc ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    query
      .select(['c.id', 'c.email', 'c.first_name', 'c.last_name', 'c.deleted_at'])
      .select(['t.entries', 't.earned', 't.spent', 't.expired', 't.clawed_back', 't.net', 't.last_activity'])
      .orderBy(sql`${sql.raw(SORTS[filter.sort.by])} ${direction}`)
      .orderBy(sql`c.id ${direction}`)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      customer: { id: row.id, email: row.email, name: `${row.first_name} ${row.last_name}`.trim(), deleted: row.deleted_at !== null },
      entries: Number(row.entries),
      earned: Number(row.earned),
      spent: Number(row.spent),
      expired: Number(row.expired),
      clawed_back: Number(row.clawed_back),
      net: Number(row.net),
      last_activity: new Date(row.last_activity).toISOString(),
    })),
    total: Number(count.total),
  };
}
