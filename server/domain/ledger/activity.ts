import { sql } from 'kysely';
import type { Executor } from './ledger.ts';
import type { EntryType } from './tables.ts';

export interface ActivityFilter {
  types?: EntryType[] | undefined;
  customerId?: number | undefined;
  /** part of the customer's e-mail or name, any case */
  customerText?: string | undefined;
  /** inclusive, UTC */
  from?: Date | undefined;
  /** exclusive, UTC */
  to?: Date | undefined;
}

export interface ActivityRow {
  id: number;
  customer_id: number;
  email: string;
  first_name: string;
  last_name: string;
  type: EntryType;
  points: number;
  pending_points: number;
  source_type: string;
  source_id: string;
  computation: string;
  reason: string | null;
  created_at: Date;
}

/** Every ledger entry of the store with its customer, newest first, filtered and paged in SQL. */
export async function listStoreActivity(
  db: Executor,
  storeId: number,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; total: number }> {
  let query = db.selectFrom('ledger_entries as e').innerJoin('customers as c', 'c.id', 'e.customer_id').where('e.store_id', '=', storeId);
  if (filter.types?.length) query = query.where('e.type', 'in', filter.types);
  if (filter.customerId !== undefined) query = query.where('e.customer_id', '=', filter.customerId);
  if (filter.customerText) {
    const like = `%${filter.customerText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('c.email', 'ilike', like), eb(sql<string>`${sql.ref('c.first_name')} || ' ' || ${sql.ref('c.last_name')}`, 'ilike', like)]),
    );
  }
  if (filter.from) query = query.where('e.created_at', '>=', filter.from);
  if (filter.to) query = query.where('e.created_at', '<', filter.to);
  const [rows, count] = await Promise.all([
    query
      .select([
        'e.id',
        'e.customer_id',
        'c.email',
        'c.first_name',
        'c.last_name',
        'e.type',
        'e.points',
        'e.pending_points',
        'e.source_type',
        'e.source_id',
        'e.computation',
        'e.reason',
        'e.created_at',
      ])
      // newest first by when it happened (imported history is dated as it was), then as recorded
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
