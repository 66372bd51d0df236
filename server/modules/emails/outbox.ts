import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { json } from '../../db/normalize.ts';
import type { EmailKey } from './contract/kinds.ts';
import type { RenderedEmail } from './render.ts';
import type { OutboxRow } from './tables.ts';
import type { EmailData } from './worded.ts';

/** Tries before an email is marked failed; waits between them grow as 30 s × 4^n. */
export const MAX_ATTEMPTS = 5;
export const retryDelayMs = (attempt: number) => 30_000 * 4 ** (attempt - 1);

export interface QueuedEmail {
  storeId: number;
  customerId: number | null;
  key: EmailKey;
  /** what happened, unique per store (e.g. `ledger:123`): a replayed event mails nobody twice */
  eventKey: string;
  to: string;
  /** the event's own placeholder values (points earned, reward code…; a referral's offer as figures, worded when sent) */
  data: EmailData;
  /** the language of a recipient who is no member (customerId null), as far as it is known */
  language?: string | null;
  rendered?: RenderedEmail;
}

function outboxValues(email: QueuedEmail, now: Date, status: 'queued' | 'sending') {
  return {
    store_id: email.storeId,
    customer_id: email.customerId,
    email_key: email.key,
    event_key: email.eventKey,
    to_address: email.to,
    language: email.language ?? null,
    data: json(email.data),
    rendered: email.rendered ? json(email.rendered) : null,
    unsubscribe_token: randomBytes(18).toString('base64url'),
    next_attempt_at: now,
    created_at: now,
    status,
    attempts: status === 'sending' ? 1 : 0,
  };
}

/**
 * Puts an email in the outbox, in the caller's transaction (beside the ledger entry it announces).
 * A second call for the same event does nothing. Returns the new row's id, null for a repeat.
 * `sending` records an email its caller sends at once (test sends).
 */
export async function queueEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: QueuedEmail,
  now: Date,
  status: 'queued' | 'sending' = 'queued',
): Promise<number | null> {
  const row = await db
    .insertInto('email_outbox')
    .values(outboxValues(email, now, status))
    .onConflict((conflict) => conflict.columns(['store_id', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Many emails of one transaction in one insert; events already queued are left alone. Returns how many were new. */
export async function queueEmails(db: Kysely<Database> | Transaction<Database>, emails: QueuedEmail[], now: Date): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .insertInto('email_outbox')
    .values(emails.map((email) => outboxValues(email, now, 'queued')))
    .onConflict((conflict) => conflict.columns(['store_id', 'event_key']).doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Takes up to `limit` due emails for sending: each is marked `sending` (its attempt counted, its
 * claim time in `next_attempt_at`) before any is sent, so concurrent senders never take the same
 * row.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('email_outbox')
      .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: now })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returningAll()
      .execute();
  });
}

/**
 * Emails a sender claimed before `claimedBefore` and never settled: its process died mid-send.
 * They are queued again (the one delivery pass runs at a time, so none of them is still being
 * sent): an email may then go out twice, where leaving it would lose it.
 */
export async function requeueInterrupted(db: Db, claimedBefore: Date): Promise<number> {
  const rows = await db
    .updateTable('email_outbox')
    .set({ status: 'queued' })
    .where('status', '=', 'sending')
    .where('next_attempt_at', '<', claimedBefore)
    .returning('id')
    .execute();
  return rows.length;
}

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('email_outbox').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
}

export async function markSkipped(db: Db, id: number, reason: string, status: 'skipped' | 'failed' = 'skipped'): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status, last_error: reason.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/** A failed try: queued again after a growing delay, or failed with its reason after the last. */
export async function markFailedAttempt(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, reason: string, now: Date): Promise<void> {
  const last = row.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('email_outbox')
    .set({ status: last ? 'failed' : 'queued', last_error: reason.slice(0, 500), next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)) })
    .where('id', '=', row.id)
    .execute();
}

export async function isUnsubscribed(db: Db, storeId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_unsubscribes')
    .select('email')
    .where('store_id', '=', storeId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** One-click unsubscribe: the address of this email's token stops receiving the store's emails. */
export async function unsubscribeByToken(db: Db, token: string): Promise<{ email: string } | null> {
  const row = await db.selectFrom('email_outbox').select(['store_id', 'to_address']).where('unsubscribe_token', '=', token).executeTakeFirst();
  if (!row) return null;
  await db
    .insertInto('email_unsubscribes')
    .values({ store_id: row.store_id, email: row.to_address.toLowerCase() })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return { email: row.to_address };
}

export interface OutboxFilter {
  customerId?: number;
  key?: EmailKey;
  limit: number;
}

/** The "Sent emails" log: newest first, for the store, a customer or a template. */
export async function listOutbox(db: Db, storeId: number, filter: OutboxFilter) {
  let query = db
    .selectFrom('email_outbox')
    .select(['id', 'customer_id', 'email_key', 'to_address', 'status', 'attempts', 'last_error', 'sent_at', 'created_at', 'rendered'])
    .where('store_id', '=', storeId);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.key) query = query.where('email_key', '=', filter.key);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
