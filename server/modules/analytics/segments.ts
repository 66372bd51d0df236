/**
 * Filtered analytics read from the member segments (`analytics_segments`, rolled up with the
 * days): the members of a filter (tag, VIP tier, source, sales channel, each optional, all must
 * hold) are the segment rows of the filter's tag and channel (or '' for any) in its tier and
 * source. The guests are in no member filter: their orders are read from the rows of no tag
 * (narrowed to the channel's with a channel filter). Call `freshenRollups` first.
 */
import { sql } from 'kysely';
import { toNumber } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import type { Period } from './period.ts';
import { SUM_KEYS, sumsOf, type Sums } from './rollups.ts';
import type { MemberFilter } from './sql.ts';

const GUEST_KEYS = new Set<keyof Sums>(['guest_orders', 'guest_revenue_minor']);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The filter's members among the rows of its tag and channel facet. */
const inFilter = (filter: MemberFilter) =>
  sql<boolean>`tag = ${filter.tag || ''}${filter.tier ? sql` and tier = ${filter.tier}` : sql``}${filter.source ? sql` and source = ${filter.source}` : sql``}`;

/** The rows of the filter's channel facet, its tag's and the untagged ones (the guests'). */
const facetRows = (db: Executor, storeId: number, filter: MemberFilter) =>
  db
    .selectFrom('analytics_segments')
    .where('store_id', '=', storeId)
    .where('tag', 'in', [...new Set(['', filter.tag || ''])])
    .where('channel', '=', filter.channel || '');

const sumsSelection = (filter: MemberFilter) =>
  SUM_KEYS.map((key) => sql<string>`coalesce(sum(${sql.ref(key)}) filter (where ${GUEST_KEYS.has(key) ? sql`tag = ''` : inFilter(filter)}), 0)`.as(key));

/** The filter's sums over the period's days. */
export async function segmentSums(db: Executor, storeId: number, period: Period, filter: MemberFilter): Promise<Sums> {
  const row = await facetRows(db, storeId, filter)
    .select(sumsSelection(filter))
    .where('day', '>=', dayOf(period.start))
    .where('day', '<', dayOf(period.end))
    .executeTakeFirstOrThrow();
  return sumsOf(row);
}

/** The filter's sums per bucket of the period (`bucket`: the ISO day the bucket starts). */
export async function segmentBuckets(db: Executor, storeId: number, period: Period, filter: MemberFilter): Promise<(Sums & { bucket: string })[]> {
  const rows = await facetRows(db, storeId, filter)
    .select([sql<string>`to_char(date_trunc(${period.granularity}, day::timestamp), 'YYYY-MM-DD')`.as('bucket'), ...sumsSelection(filter)])
    .where('day', '>=', dayOf(period.start))
    .where('day', '<', dayOf(period.end))
    .groupBy('bucket')
    .execute();
  return rows.map((row) => ({ bucket: row.bucket, ...sumsOf(row) }));
}

/** The filter's members now (the store's with an empty filter), per VIP tier ('' for none): every member joined on a rolled-up day. */
export async function segmentTiers(db: Executor, storeId: number, filter: MemberFilter): Promise<{ tier: string; members: number }[]> {
  const rows = await facetRows(db, storeId, filter)
    .select(['tier', sql<string>`sum(members_joined)`.as('members')])
    .where(inFilter(filter))
    .groupBy('tier')
    .execute();
  return rows.map((row) => ({ tier: row.tier, members: toNumber(row.members) }));
}

/** The filter's members' points balances and pending points now, every entry added up. */
export async function segmentBalance(db: Executor, storeId: number, filter: MemberFilter): Promise<{ balance: number; pending: number }> {
  const row = await facetRows(db, storeId, filter)
    .select([sql<string>`coalesce(sum(points_net), 0)`.as('balance'), sql<string>`coalesce(sum(pending_net), 0)`.as('pending')])
    .where(inFilter(filter))
    .executeTakeFirstOrThrow();
  return { balance: toNumber(row.balance), pending: toNumber(row.pending) };
}

/** The unspent points of the filter's members' batches expiring on the days `from` (inclusive) to `to` (exclusive), ISO days. */
export async function segmentExpiring(db: Executor, storeId: number, from: string, to: string, filter: MemberFilter): Promise<number> {
  const row = await facetRows(db, storeId, filter)
    .select(sql<string>`coalesce(sum(points_expiring), 0)`.as('points'))
    .where(inFilter(filter))
    .where('day', '>=', from)
    .where('day', '<', to)
    .executeTakeFirstOrThrow();
  return toNumber(row.points);
}
