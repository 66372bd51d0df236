import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { json } from '../../db/normalize.ts';
import type { LedgerEntry } from '../../domain/ledger/tables.ts';
import { onLedgerEvent } from '../../domain/ledger/events.ts';
import type { EmailKey } from './contract/kinds.ts';
import { queueEmails, type QueuedEmail } from './outbox.ts';
import { countIn, countValue as count, type EmailData } from './worded.ts';

type Executor = Kysely<Database> | Transaction<Database>;

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
 * One email of `key` per newly written ledger entry, for the ledger's transaction: the points and
 * the balance read there (after the entry), kept as figures the email words in the member's
 * language when it is sent; each entry mails once (`ledger:{id}`); members without an address
 * are skipped.
 */
async function entryEmails(
  trx: Executor,
  entries: LedgerEntry[],
  key: EmailKey,
  dataOf: (entry: LedgerEntry) => EmailData = () => ({}),
  eventKeyOf: (entry: LedgerEntry) => string = (entry) => `ledger:${entry.id}`,
): Promise<QueuedEmail[]> {
  if (entries.length === 0) return [];
  const members = await membersOf(
    trx,
    entries.map((entry) => entry.customer_id),
  );
  return entries.flatMap((entry): QueuedEmail[] => {
    const member = members.get(entry.customer_id);
    if (!member) return [];
    const data = { points_earned: count(entry.points), loyalty_points_balance: count(member.balance), ...dataOf(entry) };
    return [{ storeId: entry.store_id, customerId: entry.customer_id, key, eventKey: eventKeyOf(entry), to: member.email, data }];
  });
}

/**
 * "Points Earned" emails for newly written order earns (pending earns wait for their release),
 * with the balance as the transaction sees it now, for the caller to queue (with others, in one insert).
 */
export async function pointsEarnedEmails(trx: Executor, entries: LedgerEntry[]): Promise<QueuedEmail[]> {
  const earned = entries.filter((entry) => entry.type === 'order_earn' && entry.points > 0);
  return entryEmails(trx, earned, 'points-earned', (entry) => {
    const metadata = (entry.metadata ?? {}) as { order_number?: unknown };
    return { order_number: typeof metadata.order_number === 'string' ? metadata.order_number : '' };
  });
}

/** "Points Earned" emails for newly written order earns, queued. */
export async function queuePointsEarnedEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  await queueEmails(trx, await pointsEarnedEmails(trx, entries), now);
}

/**
 * The one "Birthday" email of a member's birthday: the birthday earning rule's gift (released on
 * the day) and the VIP tier's birthday bonus both announce it under this key, so a member who gets
 * both receives one email.
 */
const birthdayEventKey = (customerId: number, year: number | string) => `birthday:${customerId}:${year}`;

/**
 * Queues "Birthday" emails (keyed by birthdayEventKey): a member whose birthday email of that year
 * is already queued gets that one email, saying both gifts' points and the balance after them; one
 * already sent is not sent again.
 */
async function queueBirthdayEmails(trx: Executor, emails: QueuedEmail[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  const existing = await trx
    .selectFrom('email_outbox')
    .select(['id', 'store_id', 'event_key', 'status', 'data'])
    .where('store_id', 'in', [...new Set(emails.map((email) => email.storeId))])
    .where(
      'event_key',
      'in',
      emails.map((email) => email.eventKey),
    )
    .execute();
  const existingOf = new Map(existing.map((row) => [`${row.store_id}:${row.event_key}`, row]));
  const fresh: QueuedEmail[] = [];
  for (const email of emails) {
    const row = existingOf.get(`${email.storeId}:${email.eventKey}`);
    if (!row) fresh.push(email);
    else if (row.status === 'queued') {
      const data = row.data;
      const points = countIn(data.points_earned) + countIn(email.data.points_earned);
      await trx
        .updateTable('email_outbox')
        .set({
          data: json({
            ...data,
            points_earned: count(points),
            loyalty_points_balance: email.data.loyalty_points_balance ?? data.loyalty_points_balance ?? count(0),
          }),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'queued')
        .execute();
    }
  }
  await queueEmails(trx, fresh, now);
}

/** The year a VIP birthday bonus is for (its metadata; its source key says it too). */
const bonusYear = (entry: LedgerEntry) => String((entry.metadata as { year?: unknown } | null)?.year ?? entry.rule_key);

/** "Birthday" emails for newly given VIP birthday bonuses (the tier's birthday_bonus perk): the member's one birthday email of the year. */
export async function queueBirthdayBonusEmails(trx: Executor, entries: LedgerEntry[], now: Date): Promise<void> {
  await queueBirthdayEmails(trx, await entryEmails(trx, entries, 'birthday', undefined, (entry) => birthdayEventKey(entry.customer_id, bonusYear(entry))), now);
}

interface MemberEvent {
  storeId: number;
  customerId: number;
  key: EmailKey;
  /** the ledger entry (or other event) the email announces: it mails once */
  eventKey: string;
  /** the event's figures as numbers (`{ count }`), worded in the member's language when the email is sent */
  data: EmailData;
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
export async function queueReleaseEmails(trx: Executor, { releases, earns }: { releases: LedgerEntry[]; earns: LedgerEntry[] }, now: Date): Promise<void> {
  const byId = new Map(earns.map((earn) => [earn.id, earn]));
  for (const release of releases) {
    const earn = release.parent_entry_id === null ? undefined : byId.get(release.parent_entry_id);
    const key = earn ? releasedEmailKey(earn) : null;
    if (!earn || !key || release.points <= 0) continue;
    const metadata = (earn.metadata ?? {}) as { order_number?: unknown };
    const data: EmailData = { points_earned: count(release.points) };
    if (key === 'points-earned') data.order_number = typeof metadata.order_number === 'string' ? metadata.order_number : '';
    if (key === 'birthday') {
      // the birthday gift's email is the member's one birthday email of that year (a VIP birthday bonus shares it)
      const year = String((earn.metadata as { claim_key?: string } | null)?.claim_key ?? '').slice('birthday:'.length);
      const emails = await entryEmails(trx, [release], 'birthday', undefined, () => birthdayEventKey(release.customer_id, year));
      await queueBirthdayEmails(trx, emails, now);
      continue;
    }
    await queueMemberEmail(trx, { storeId: release.store_id, customerId: release.customer_id, key, eventKey: `ledger:${release.id}`, data }, now);
  }
}

// the emails follow the ledger: wherever this area is loaded, a release queues its emails
onLedgerEvent('points.released', queueReleaseEmails);
