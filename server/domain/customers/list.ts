import { sql } from 'kysely';
import type { CustomerSort, ProgramStatus } from '../schemas/customers.ts';
import type { Executor } from '../ledger/index.ts';

export interface CustomerFilter {
  search?: string | undefined;
  /** which field the search text looks at */
  type?: 'all' | 'email' | 'name' | undefined;
  /** active (default), deleted or all */
  status?: 'active' | 'deleted' | 'all' | undefined;
  source?: string | undefined;
  programStatus?: ProgramStatus | undefined;
  vipTier?: string | undefined;
  /** customers carrying this tag */
  tag?: string | undefined;
  /** balance range, inclusive */
  points?: { min?: number | undefined; max?: number | undefined } | undefined;
  /** joined between these days (YYYY-MM-DD, inclusive) */
  joined?: DayRange | undefined;
  /** last order placed between these days */
  lastOrder?: DayRange | undefined;
  /** total spent (minor units) in this range, inclusive */
  spend?: { min?: number | undefined; max?: number | undefined } | undefined;
}

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export interface CustomerListOptions extends CustomerFilter {
  sort?: { by: CustomerSort; desc: boolean } | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The store's customers joined to their points account, filtered (no columns, no order). */
function filteredCustomers(db: Executor, storeId: number, filter: CustomerFilter) {
  let query = db
    .selectFrom('customers as c')
    .leftJoin('points_accounts as a', (join) => join.onRef('a.customer_id', '=', 'c.id').onRef('a.store_id', '=', 'c.store_id'))
    .where('c.store_id', '=', storeId);
  const status = filter.status ?? 'active';
  if (status !== 'all') query = query.where('c.deleted_at', status === 'active' ? 'is' : 'is not', null);
  const text = filter.search?.trim().toLowerCase();
  if (text) {
    const prefix = `${escapeLike(text)}%`;
    const anywhere = `%${escapeLike(text)}%`;
    const byEmail = sql<boolean>`lower(c.email) like ${text.includes('@') || filter.type === 'email' ? prefix : anywhere}`;
    const byName = sql<boolean>`lower(c.first_name || ' ' || c.last_name) like ${anywhere}`;
    const type = filter.type ?? 'all';
    query = query.where(type === 'email' ? byEmail : type === 'name' ? byName : sql<boolean>`(${byEmail} or ${byName})`);
  }
  if (filter.source) query = query.where('c.source', '=', filter.source);
  if (filter.programStatus) query = query.where('c.program_status', '=', filter.programStatus);
  if (filter.vipTier) query = filter.vipTier === 'none' ? query.where('c.vip_tier', 'is', null) : query.where('c.vip_tier', '=', filter.vipTier);
  // through the tag rows (migration 0164): an index probe per customer, not a JSON scan
  if (filter.tag)
    query = query.where(
      sql<boolean>`exists (select 1 from customer_tags ct where ct.store_id = c.store_id and ct.tag = ${filter.tag} and ct.customer_id = c.id)`,
    );
  if (filter.points?.min !== undefined) query = query.where(sql<number>`coalesce(a.balance, 0)`, '>=', filter.points.min);
  if (filter.points?.max !== undefined) query = query.where(sql<number>`coalesce(a.balance, 0)`, '<=', filter.points.max);
  if (filter.joined?.from) query = query.where('c.created_at', '>=', dayStart(filter.joined.from));
  if (filter.joined?.to) query = query.where('c.created_at', '<', dayEnd(filter.joined.to));
  const { lastOrder, spend } = filter;
  if (lastOrder?.from || lastOrder?.to) {
    // the customers whose last order was placed in the range (one without orders has no last order)
    const having = [
      lastOrder.from ? sql`max(placed_at) >= ${dayStart(lastOrder.from)}` : null,
      lastOrder.to ? sql`max(placed_at) < ${dayEnd(lastOrder.to)}` : null,
    ].filter((part) => part !== null);
    query = query.where(
      sql<boolean>`c.id in (select customer_id from orders where store_id = ${storeId} and customer_id is not null
        group by customer_id having ${sql.join(having, sql` and `)})`,
    );
  }
  if (spend?.min !== undefined || spend?.max !== undefined) {
    // total spent, 0 for a customer without orders: a range that includes 0 keeps them
    // (orders_customer_idx finds each customer's orders)
    const spent = sql<number>`coalesce((select sum(o.total_minor) from orders o where o.store_id = ${storeId} and o.customer_id = c.id), 0)`;
    if (spend.min !== undefined) query = query.where(spent, '>=', spend.min);
    if (spend.max !== undefined) query = query.where(spent, '<=', spend.max);
  }
  return query;
}

/** The filtered customers with the columns every list, export and detail reads (no paging, no order). */
export function customerRows(db: Executor, storeId: number, filter: CustomerFilter) {
  return filteredCustomers(db, storeId, filter)
    .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.birthday', 'c.tags', 'c.program_status', 'c.source', 'c.vip_tier', 'c.referral_count'])
    .select(['c.external_id', 'c.created_at', 'c.deleted_at'])
    .select([
      sql<number>`coalesce(a.balance, 0)`.as('balance'),
      sql<number>`coalesce(a.pending, 0)`.as('pending'),
      sql<number>`coalesce(a.lifetime, 0)`.as('lifetime'),
    ]);
}

const SORT_EXPRESSIONS: Record<CustomerSort, ReturnType<typeof sql.raw>> = {
  name: sql.raw(`c.first_name`),
  email: sql.raw(`c.email`),
  balance: sql.raw(`coalesce(a.balance, 0)`),
  pending: sql.raw(`coalesce(a.pending, 0)`),
  lifetime: sql.raw(`coalesce(a.lifetime, 0)`),
  joined: sql.raw(`c.created_at`),
  referrals: sql.raw(`c.referral_count`),
};

/** One page of the list and the number of matching customers. */
export async function listCustomers(db: Executor, storeId: number, options: CustomerListOptions) {
  const base = customerRows(db, storeId, options);
  const sort = options.sort ?? { by: 'joined', desc: true };
  const direction = sql.raw(sort.desc ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql`${SORT_EXPRESSIONS[sort.by]} ${direction}`)
      .orderBy(sql`c.id ${direction}`)
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    filteredCustomers(db, storeId, options)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type CustomerListRow = Awaited<ReturnType<typeof listCustomers>>['rows'][number];
