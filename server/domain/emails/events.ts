import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerEntry } from '../ledger/tables.ts';
import { queueEmails, type QueuedEmail } from './outbox.ts';

type Executor = Kysely<Database> | Transaction<Database>;
const count = (value: number | string | null | undefined) => Number(value ?? 0).toLocaleString('en-US');

/** Members' addresses and balances as the transaction sees them (after its ledger entries). */
async function membersOf(trx: Executor, customerIds: number[]) {
  const rows = await trx
    .selectFrom('customers')
    .leftJoin('points_accounts', (join) =>
      join.onRef('points_accounts.customer_id', '=', 'customers.id').onRef('points_accounts.store_id', '=', 'customers.store_id'),
    )
    .select(['customers.id', 'customers.email', 'points_accounts.balance'])
    .where('customers.id', 'in', customerIds)
    .execute();
  return new Map(rows.filter((row) => row.email).map((row) => [row.id, row]));
}

/**
 * "Points Earned" emails for newly written order earns, queued in the ledger's transaction: the
 * balance is read there (after the entry), and each entry mails once (`ledger:{id}`). Pending
 * earns wait for their release; members without an address are skipped.
 */
export async function queuePointsEarnedEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  const earned = entries.filter((entry) => entry.type === 'order_earn' && entry.points > 0);
  if (earned.length === 0) return;
  const members = await membersOf(
    trx,
    earned.map((entry) => entry.customer_id),
  );
  const emails = earned.flatMap((entry): QueuedEmail[] => {
    const member = members.get(entry.customer_id);
    if (!member) return [];
    const metadata = (entry.metadata ?? {}) as { order_number?: unknown };
    const data = {
      points_earned: count(entry.points),
      loyalty_points_balance: count(member.balance),
      order_number: typeof metadata.order_number === 'string' ? metadata.order_number : '',
    };
    return [{ storeId: entry.store_id, customerId: entry.customer_id, key: 'points-earned', eventKey: `ledger:${entry.id}`, to: member.email, data }];
  });
  await queueEmails(trx, emails, now);
}

interface RedeemedReward {
  store_id: number;
  customer_id: number;
  entry_id: number;
  code: string;
  title: string;
  points_spent: number;
}

/** "Reward Redeemed": the code and what is left, queued beside the redemption (`ledger:{id}`). */
export async function queueRewardRedeemedEmail(trx: Executor, reward: RedeemedReward, now: Date): Promise<void> {
  const member = (await membersOf(trx, [reward.customer_id])).get(reward.customer_id);
  if (!member) return;
  const data = { reward_name: reward.title, reward_code: reward.code, points_spent: count(reward.points_spent), loyalty_points_balance: count(member.balance) };
  const email: QueuedEmail = {
    storeId: reward.store_id,
    customerId: reward.customer_id,
    key: 'reward-redeemed',
    eventKey: `ledger:${reward.entry_id}`,
    to: member.email,
    data,
  };
  await queueEmails(trx, [email], now);
}
