/**
 * The program's events, read from the tables that record them (ledger entries, issued rewards,
 * customers, tier changes, referrals; a referral's completion is its referrer's reward entry) past each endpoint's cursors, queued as one delivery per endpoint and event. The
 * unique (endpoint, event) key makes queuing idempotent: two passes at once queue each event once.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import type { EntryType } from '../../domain/schemas/ledger-entry-types.ts';
import type { OutgoingTopic } from './contract.ts';
import type { WebhookEndpoint } from './tables.ts';

/** Rows read per source and pass. */
const BATCH = 500;

interface QueuedEvent {
  key: string;
  topic: OutgoingTopic;
  at: Date;
  data: Record<string, unknown>;
}

/** The topic of a ledger entry: by the sign of its available points and its type (pending credits wait for their release). */
export function ledgerTopic(type: EntryType, points: number): OutgoingTopic | null {
  if (points > 0) return 'points.earned';
  if (points === 0) return null;
  if (type === 'redemption') return 'points.redeemed';
  if (type === 'expiry') return 'points.expired';
  return 'points.deducted';
}

const customerOf = (row: { customer_id: number; external_id: string | null; email: string }) => ({
  id: row.customer_id,
  external_id: row.external_id,
  email: row.email,
});

type Source = 'ledger_cursor' | 'reward_cursor' | 'customer_cursor' | 'tier_cursor' | 'referral_cursor';

/** The referrals a batch of referral reward entries completed, by id (for `referral.completed`). */
async function referralsOf(db: Db, storeId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; friend_email: string; order_number: string | null; order_total_minor: number | null }>();
  const rows = await db
    .selectFrom('referrals')
    .select(['id', 'friend_email', 'order_number', 'order_total_minor'])
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row]));
}

async function readSource(db: Db, endpoint: WebhookEndpoint, source: Source): Promise<{ last: number; events: QueuedEvent[] } | null> {
  const storeId = endpoint.store_id;
  if (source === 'ledger_cursor') {
    const rows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('customers as c', 'c.id', 'e.customer_id')
      .select(['e.id', 'e.type', 'e.points', 'e.source_type', 'e.source_id', 'e.reason', 'e.created_at', 'e.customer_id', 'c.external_id', 'c.email'])
      .where('e.store_id', '=', storeId)
      .where('e.id', '>', endpoint.ledger_cursor)
      .orderBy('e.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return null;
    // a referral's reward entry (points, or the 0-point entry its coupon hangs on) says the referral completed
    const completing = (row: (typeof rows)[number]) => row.type === 'referral_reward' && row.source_type === 'referral' && /^\d+$/.test(row.source_id);
    const referrals = await referralsOf(
      db,
      storeId,
      rows.filter(completing).map((row) => Number(row.source_id)),
    );
    const events = rows.flatMap((row): QueuedEvent[] => {
      const out: QueuedEvent[] = [];
      const topic = ledgerTopic(row.type, Number(row.points));
      if (topic) {
        const data = {
          customer: customerOf(row),
          points: Math.abs(Number(row.points)),
          entry_type: row.type,
          source: { type: row.source_type, id: row.source_id },
          reason: row.reason,
        };
        out.push({ key: `ledger:${row.id}`, topic, at: row.created_at, data });
      }
      const referral = completing(row) ? referrals.get(Number(row.source_id)) : undefined;
      if (referral) {
        out.push({
          key: `referral:${referral.id}:completed`,
          topic: 'referral.completed',
          at: row.created_at,
          data: {
            referrer: customerOf(row),
            referral: {
              id: Number(referral.id),
              friend_email: referral.friend_email,
              order_number: referral.order_number,
              order_total_minor: referral.order_total_minor === null ? null : Number(referral.order_total_minor),
            },
            points: Number(row.points),
          },
        });
      }
      return out;
    });
    return { last: rows.at(-1)!.id, events };
  }
  if (source === 'reward_cursor') {
    const rows = await db
      .selectFrom('rewards as r')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .select([
        'r.id',
        'r.code',
        'r.title',
        'r.discount_type',
        'r.discount_value',
        'r.points_spent',
        'r.expires_at',
        'r.created_at',
        'r.customer_id',
        'c.external_id',
        'c.email',
      ])
      .where('r.store_id', '=', storeId)
      .where('r.id', '>', endpoint.reward_cursor)
      .orderBy('r.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return null;
    const events = rows.map((row): QueuedEvent => ({
      key: `reward:${row.id}`,
      topic: 'reward.issued',
      at: row.created_at,
      data: {
        customer: customerOf(row),
        reward: {
          id: row.id,
          code: row.code,
          title: row.title,
          discount_type: row.discount_type,
          discount_value: row.discount_value,
          points_spent: row.points_spent,
          expires_at: row.expires_at?.toISOString() ?? null,
        },
      },
    }));
    return { last: rows.at(-1)!.id, events };
  }
  if (source === 'tier_cursor') {
    const rows = await db
      .selectFrom('vip_activity as a')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['a.id', 'a.from_name', 'a.to_name', 'a.direction', 'a.cause', 'a.reason', 'a.created_at', 'a.customer_id', 'c.external_id', 'c.email'])
      .where('a.store_id', '=', storeId)
      .where('a.id', '>', endpoint.tier_cursor)
      .orderBy('a.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return null;
    const events = rows.map((row): QueuedEvent => ({
      key: `tier:${row.id}`,
      topic: 'tier.changed',
      at: row.created_at,
      data: { customer: customerOf(row), from: row.from_name, to: row.to_name, direction: row.direction, cause: row.cause, reason: row.reason },
    }));
    return { last: rows.at(-1)!.id, events };
  }
  if (source === 'referral_cursor') {
    const rows = await db
      .selectFrom('referrals as r')
      .innerJoin('customers as c', 'c.id', 'r.referrer_id')
      .select(['r.id', 'r.friend_email', 'r.state', 'r.created_at', 'r.referrer_id as customer_id', 'c.external_id', 'c.email'])
      .where('r.store_id', '=', storeId)
      .where('r.id', '>', endpoint.referral_cursor)
      .orderBy('r.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return null;
    const events = rows.map((row): QueuedEvent => ({
      key: `referral:${row.id}:created`,
      topic: 'referral.created',
      at: row.created_at,
      data: { referrer: customerOf(row), referral: { id: Number(row.id), friend_email: row.friend_email, state: row.state } },
    }));
    return { last: rows.at(-1)!.id, events };
  }
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'external_id', 'email', 'created_at'])
    .where('store_id', '=', storeId)
    .where('id', '>', endpoint.customer_cursor)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (rows.length === 0) return null;
  const events = rows.map((row): QueuedEvent => ({
    key: `customer:${row.id}`,
    topic: 'member.joined',
    at: row.created_at,
    data: { customer: customerOf({ ...row, customer_id: row.id }) },
  }));
  return { last: rows.at(-1)!.id, events };
}

/** The body posted for an event (its id is the idempotency key receivers dedupe on). */
const payloadOf = (event: QueuedEvent) => ({ id: event.key, topic: event.topic, created_at: event.at.toISOString(), data: event.data });

/** Queues the endpoint's new events from every source; how many deliveries were queued. */
export async function queueEndpointEvents(db: Db, endpoint: WebhookEndpoint, now: Date): Promise<number> {
  let queued = 0;
  for (const source of ['customer_cursor', 'referral_cursor', 'ledger_cursor', 'reward_cursor', 'tier_cursor'] as const) {
    for (;;) {
      const read = await readSource(db, endpoint, source);
      if (!read) break;
      const wanted = read.events.filter((event) => endpoint.topics.includes(event.topic));
      if (wanted.length > 0) {
        const rows = await db
          .insertInto('webhook_deliveries')
          .values(
            wanted.map((event) => ({
              store_id: endpoint.store_id,
              endpoint_id: endpoint.id,
              topic: event.topic,
              event_key: event.key,
              payload: json(payloadOf(event)),
              next_attempt_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_key']).doNothing())
          .returning('id')
          .execute();
        queued += rows.length;
      }
      await db
        .updateTable('webhook_endpoints')
        .set({ [source]: sql<number>`greatest(${sql.ref(source)}, ${read.last})` })
        .where('id', '=', endpoint.id)
        .execute();
      endpoint = { ...endpoint, [source]: read.last };
    }
  }
  return queued;
}

/** Queues the new events of every live endpoint; how many deliveries were queued. */
export async function queueAllEvents(db: Db, now: Date): Promise<number> {
  const endpoints = await db.selectFrom('webhook_endpoints').selectAll().where('disabled_at', 'is', null).orderBy('id').execute();
  let queued = 0;
  for (const endpoint of endpoints) queued += await queueEndpointEvents(db, endpoint, now);
  return queued;
}

/** The newest id of each source of a store: a new endpoint receives only what happens after it. */
export async function currentCursors(db: Db, storeId: number): Promise<Record<Source, number>> {
  const max = (table: 'ledger_entries' | 'rewards' | 'customers' | 'vip_activity' | 'referrals') =>
    db
      .selectFrom(table)
      .select(sql<number>`coalesce(max(id), 0)`.as('id'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.id));
  const [ledger, reward, customer, tier, referral] = await Promise.all([
    max('ledger_entries'),
    max('rewards'),
    max('customers'),
    max('vip_activity'),
    max('referrals'),
  ]);
  return { ledger_cursor: ledger, reward_cursor: reward, customer_cursor: customer, tier_cursor: tier, referral_cursor: referral };
}
