import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerEntry } from '../ledger/tables.ts';
import type { EmailKey } from './kinds.ts';
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
 * One email of `key` per newly written ledger entry, queued in the ledger's transaction: the
 * points and the balance read there (after the entry), each entry mailing once (`ledger:{id}`);
 * members without an address are skipped.
 */
async function queueEntryEmails(
  trx: Executor,
  entries: LedgerEntry[],
  key: EmailKey,
  now: Date,
  dataOf: (entry: LedgerEntry) => Record<string, string> = () => ({}),
): Promise<void> {
  if (entries.length === 0) return;
  const members = await membersOf(
    trx,
    entries.map((entry) => entry.customer_id),
  );
  const emails = entries.flatMap((entry): QueuedEmail[] => {
    const member = members.get(entry.customer_id);
    if (!member) return [];
    const data = { points_earned: count(entry.points), loyalty_points_balance: count(member.balance), ...dataOf(entry) };
    return [{ storeId: entry.store_id, customerId: entry.customer_id, key, eventKey: `ledger:${entry.id}`, to: member.email, data }];
  });
  await queueEmails(trx, emails, now);
}

/** "Points Earned" emails for newly written order earns (pending earns wait for their release). */
export async function queuePointsEarnedEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  const earned = entries.filter((entry) => entry.type === 'order_earn' && entry.points > 0);
  await queueEntryEmails(trx, earned, 'points-earned', now, (entry) => {
    const metadata = (entry.metadata ?? {}) as { order_number?: unknown };
    return { order_number: typeof metadata.order_number === 'string' ? metadata.order_number : '' };
  });
}

/** "Birthday" emails for newly given VIP birthday bonuses (the tier's birthday_bonus perk). */
export async function queueBirthdayBonusEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  await queueEntryEmails(trx, entries, 'birthday', now);
}

interface MemberEvent {
  storeId: number;
  customerId: number;
  key: EmailKey;
  /** the ledger entry (or other event) the email announces: it mails once */
  eventKey: string;
  data: Record<string, string>;
}

/**
 * One member's email about an event, queued in the caller's transaction with the balance as that
 * transaction sees it; nothing when the member has no address.
 */
export async function queueMemberEmail(trx: Executor, event: MemberEvent, now: Date): Promise<void> {
  const member = (await membersOf(trx, [event.customerId])).get(event.customerId);
  if (!member) return;
  const email: QueuedEmail = {
    storeId: event.storeId,
    customerId: event.customerId,
    key: event.key,
    eventKey: event.eventKey,
    to: member.email,
    data: { ...event.data, loyalty_points_balance: count(member.balance) },
  };
  await queueEmails(trx, [email], now);
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
  const data = { reward_name: reward.title, reward_code: reward.code, points_spent: count(reward.points_spent) };
  await queueMemberEmail(
    trx,
    { storeId: reward.store_id, customerId: reward.customer_id, key: 'reward-redeemed', eventKey: `ledger:${reward.entry_id}`, data },
    now,
  );
}

/** Which email a released earn announces: an order's points, or a birthday gift (claimed `birthday:{year}`). */
function releasedEmailKey(earn: LedgerEntry): EmailKey | null {
  if (earn.type === 'order_earn') return 'points-earned';
  const claimKey = (earn.metadata as { claim_key?: unknown } | null)?.claim_key;
  if (earn.type === 'action_earn' && typeof claimKey === 'string' && claimKey.startsWith('birthday:')) return 'birthday';
  return null;
}

/**
 * Emails for pending points that just became available, queued in the release's transaction:
 * "Points Earned" for an order's earn, "Birthday" for the birthday gift booked for the day.
 * Each release mails once (`ledger:{release id}`).
 */
export async function queueReleaseEmails(trx: Executor, releases: LedgerEntry[], earns: LedgerEntry[], now: Date): Promise<void> {
  const byId = new Map(earns.map((earn) => [earn.id, earn]));
  for (const release of releases) {
    const earn = release.parent_entry_id === null ? undefined : byId.get(release.parent_entry_id);
    const key = earn ? releasedEmailKey(earn) : null;
    if (!earn || !key || release.points <= 0) continue;
    const metadata = (earn.metadata ?? {}) as { order_number?: unknown };
    const data: Record<string, string> = { points_earned: count(release.points) };
    if (key === 'points-earned') data.order_number = typeof metadata.order_number === 'string' ? metadata.order_number : '';
    await queueMemberEmail(trx, { storeId: release.store_id, customerId: release.customer_id, key, eventKey: `ledger:${release.id}`, data }, now);
  }
}
