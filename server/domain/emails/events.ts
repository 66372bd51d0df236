import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerEntry } from '../ledger/tables.ts';
import { queueEmails } from './outbox.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * "Points Earned" emails for newly written order earns, queued in the ledger's transaction: the
 * balance is read there (after the entry), and each entry mails once (`ledger:{id}`). Pending
 * earns wait for their release; members without an address are skipped.
 */
export async function queuePointsEarnedEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  const earned = entries.filter((entry) => entry.type === 'order_earn' && entry.points > 0);
  if (earned.length === 0) return;
  const members = await trx
    .selectFrom('customers')
    .leftJoin('points_accounts', (join) =>
      join.onRef('points_accounts.customer_id', '=', 'customers.id').onRef('points_accounts.store_id', '=', 'customers.store_id'),
    )
    .select(['customers.id', 'customers.email', 'points_accounts.balance'])
    .where(
      'customers.id',
      'in',
      earned.map((entry) => entry.customer_id),
    )
    .execute();
  const byId = new Map(members.map((member) => [member.id, member]));
  const emails = earned.flatMap((entry) => {
    const member = byId.get(entry.customer_id);
    if (!member?.email) return [];
    const metadata = (entry.metadata ?? {}) as { order_number?: unknown };
    const data = {
      points_earned: entry.points.toLocaleString('en-US'),
      loyalty_points_balance: Number(member.balance ?? 0).toLocaleString('en-US'),
      order_number: typeof metadata.order_number === 'string' ? metadata.order_number : '',
    };
    return [{ storeId: entry.store_id, customerId: entry.customer_id, key: 'points-earned' as const, eventKey: `ledger:${entry.id}`, to: member.email, data }];
  });
  await queueEmails(trx, emails, now);
}
