/**
 * The dashboard's latest activity: members joining and the ledger entries a merchant follows
 * (orders earning, redemptions, adjustments, awards, expiry, referral and tier rewards), newest
 * first, each naming its customer and saying what happened and why (the entry's computation).
 */
import type { Executor } from '../../domain/ledger/index.ts';
import type { EntryType } from '../../domain/ledger/tables.ts';

export type ActivityKind = 'joined' | EntryType;

export interface ActivityItem {
  /** unique across kinds: `join-{customer id}` or `entry-{entry id}` */
  id: string;
  kind: ActivityKind;
  at: string;
  customer: { id: number; name: string; email: string };
  /** points the entry moved (available + pending); 0 for a join */
  points: number;
  /** why, in words (the entry's computation and reason) */
  detail: string;
}

/** Entry types shown; releases of pending points and rollbacks are bookkeeping of an entry already shown. */
const SHOWN: EntryType[] = ['order_earn', 'action_earn', 'adjustment', 'redemption', 'refund_clawback', 'expiry', 'award', 'referral_reward', 'tier_reward'];
export const ACTIVITY_MAX = 50;

const nameOf = (row: { first_name: string; last_name: string; email: string }) => `${row.first_name} ${row.last_name}`.trim() || row.email;

/** The newest `limit` items; each source is read through its own index, then the two are merged. */
export async function latestActivity(db: Executor, storeId: number, limit: number): Promise<ActivityItem[]> {
  const count = Math.min(Math.max(1, Math.trunc(limit)), ACTIVITY_MAX);
  const [joins, entries] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
      .where('store_id', '=', storeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute(),
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('customers as c', (join) => join.onRef('c.id', '=', 'e.customer_id').onRef('c.store_id', '=', 'e.store_id'))
      .select([
        'e.id',
        'e.type',
        'e.points',
        'e.pending_points',
        'e.computation',
        'e.reason',
        'e.created_at',
        'c.id as customer_id',
        'c.first_name',
        'c.last_name',
        'c.email',
      ])
      .where('e.store_id', '=', storeId)
      .where('e.type', 'in', SHOWN)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(count)
      .execute(),
  ]);
  const items: (ActivityItem & { time: number })[] = [
    ...joins.map((row) => ({
      id: `join-${row.id}`,
      kind: 'joined' as const,
      time: new Date(row.created_at).getTime(),
      at: new Date(row.created_at).toISOString(),
      customer: { id: row.id, name: nameOf(row), email: row.email },
      points: 0,
      detail: 'joined the program',
    })),
    ...entries.map((row) => ({
      id: `entry-${row.id}`,
      kind: row.type,
      time: new Date(row.created_at).getTime(),
      at: new Date(row.created_at).toISOString(),
      customer: { id: row.customer_id, name: nameOf(row), email: row.email },
      points: row.points + row.pending_points,
      detail: row.reason ? `${row.computation} (${row.reason})` : row.computation,
    })),
  ];
  return items
    .sort((a, b) => b.time - a.time)
    .slice(0, count)
    .map(({ time: _time, ...item }) => item);
}
