/**
 * A demo program with a past: the seeded entries are dated when they happened (a sign-up when the
 * customer joined, an earn when the order was placed, a clawback a week later) and some members
 * redeemed a reward, most of which they used at checkout. Dashboards and analytics then show a
 * history instead of one day. Deterministic: dates and choices follow the customer ids.
 */
import { sql } from 'kysely';
import { json } from '../../db/normalize.ts';
import type { Executor } from '../../domain/ledger/index.ts';
import { redeemReward } from '../rules/index.ts';

const DAY_MS = 86_400_000;
/** at most this many seeded redemptions per store (the seed runs on every fresh start) */
const MAX_REDEMPTIONS = 120;

/** Dates the seed's sign-ups, earns and clawbacks as they would have happened. */
export async function backdateSeedEntries(db: Executor, storeId: number, now: Date): Promise<void> {
  await sql`update ledger_entries e set created_at = c.created_at from customers c
    where e.store_id = ${storeId} and c.store_id = ${storeId} and e.type = 'action_earn' and e.source_id = c.id || ':once'`.execute(db);
  await sql`update ledger_entries e set created_at = o.placed_at from orders o
    where e.store_id = ${storeId} and o.store_id = ${storeId} and e.type = 'order_earn' and e.source_id = 'seed:' || o.external_id`.execute(db);
  await sql`update ledger_entries e set created_at = least(o.placed_at + interval '7 days', ${now}) from orders o
    where e.store_id = ${storeId} and o.store_id = ${storeId} and e.type = 'refund_clawback' and e.source_id = 'seed:' || o.external_id`.execute(db);
}

/**
 * The emails the seeded history announced (a redeemed reward, a tier reached…) happened in the
 * past: they are recorded as sent when they happened and never go out, so a demo started with
 * SMTP_URL mails none of its made-up members.
 */
export async function recordSeedEmailsSent(db: Executor, storeId: number): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: sql`created_at` })
    .where('store_id', '=', storeId)
    .where('status', 'in', ['queued', 'sending'])
    .execute();
}

/**
 * Every fourth member with enough points redeems `redeemId` a few days after their last order;
 * three in five of those rewards were used at checkout five days later. The store's first member
 * (the demo page's signed-in shopper) keeps every point.
 */
export async function seedRedemptions(db: Executor, storeId: number, redeemId: number, cost: number, now: Date): Promise<void> {
  const candidates = await db
    .selectFrom('points_accounts as a')
    .innerJoin('orders as o', (join) => join.onRef('o.customer_id', '=', 'a.customer_id').onRef('o.store_id', '=', 'a.store_id'))
    .select(['a.customer_id', sql<Date>`max(o.placed_at)`.as('last_order')])
    .where('a.store_id', '=', storeId)
    .where('a.balance', '>=', cost)
    .where('a.customer_id', '>', (eb) => eb.selectFrom('customers').select(eb.fn.min('id').as('first')).where('store_id', '=', storeId))
    .where(sql<boolean>`a.customer_id % 4 = 0`)
    .groupBy('a.customer_id')
    .orderBy('a.customer_id')
    .limit(MAX_REDEMPTIONS)
    .execute();
  const used: Array<{ id: number; at: Date }> = [];
  for (const { customer_id: customerId, last_order: lastOrder } of candidates) {
    const at = new Date(Math.min(new Date(lastOrder).getTime() + ((customerId % 9) + 1) * DAY_MS, now.getTime() - DAY_MS));
    const reward = await redeemReward(db, { storeId, customerId, redeemId, requestId: `seed:${customerId}` }, at);
    const usedAt = new Date(at.getTime() + 5 * DAY_MS);
    if (customerId % 5 < 3 && usedAt < now) used.push({ id: reward.id, at: usedAt });
  }
  if (used.length === 0) return;
  await sql`update rewards r set status = 'used', used_at = u.at, updated_at = u.at
    from jsonb_to_recordset(${json(used)}::jsonb) as u(id bigint, at timestamptz) where r.id = u.id`.execute(db);
}
