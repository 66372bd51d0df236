import type { Db } from '../../db/connection.ts';
import type { Store } from '../../db/schema.ts';
import { emailKind, type EmailKey } from './contract/kinds.ts';
import type { Mailer } from './mailer.ts';
import type { JobKind } from '../../domain/jobs/index.ts';
import { claimDue, isUnsubscribed, markFailedAttempt, markSent, markSkipped, requeueInterrupted } from './outbox.ts';
import { renderEmail } from './render.ts';
import type { OutboxRow } from './tables.ts';
import { designOf, readTemplate } from './templates.ts';
import { designInLanguage } from './language.ts';
import { memberValues, storePalette, storeValues, storeWording } from './values.ts';
import { servedLanguage } from '../stores/index.ts';
import { wordValues } from './worded.ts';

export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/email/unsubscribe/${encodeURIComponent(token)}`;

type Outcome = 'sent' | 'skipped' | 'retry';

async function deliverOne(db: Db, mailer: Mailer, publicUrl: string, row: OutboxRow, now: Date): Promise<Outcome> {
  const store = (await db.selectFrom('stores').selectAll().where('id', '=', row.store_id).executeTakeFirst()) as Store | undefined;
  const key = row.email_key as EmailKey;
  if (!store || !emailKind(key)) return skip(db, row, 'The store or the email no longer exists.');
  if (await isUnsubscribed(db, row.store_id, row.to_address)) return skip(db, row, 'The member unsubscribed.');
  const link = unsubscribeUrl(publicUrl, row.unsubscribe_token);
  let email = row.rendered;
  if (!email) {
    const template = await readTemplate(db, row.store_id, key);
    if (!template.enabled) return skip(db, row, 'The email is switched off.');
    // the member's language, or the one queued for a recipient who is no member (else the store's default): the design's translation and the product's wording in it
    const member = row.customer_id ? await memberValues(db, store, row.customer_id) : null;
    const language = member?.language ?? servedLanguage(store, row.language);
    const values = { ...storeValues(store, language), ...member?.values, ...wordValues(row.data, storeWording(store, language)), unsubscribe_url: link };
    email = await renderEmail(designInLanguage(designOf(template), language), values, storePalette(store), language);
  }
  try {
    await mailer.send({ ...email, to: row.to_address, unsubscribeUrl: link, fromName: store.title });
  } catch (error) {
    await markFailedAttempt(db, row, error instanceof Error ? error.message : String(error), now);
    return 'retry';
  }
  await markSent(db, row.id, now);
  return 'sent';
}

async function skip(db: Db, row: OutboxRow, reason: string): Promise<Outcome> {
  await markSkipped(db, row.id, reason);
  return 'skipped';
}

/** Sends every due email of the outbox once; returns how many were sent, skipped or put back. */
export async function deliverDue(db: Db, mailer: Mailer, publicUrl: string, now: Date, batch = 50): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { sent: 0, skipped: 0, retry: 0 };
  for (;;) {
    const rows = await claimDue(db, now, batch);
    for (const row of rows) counts[await deliverOne(db, mailer, publicUrl, row, now)] += 1;
    if (rows.length < batch) return counts;
  }
}

/**
 * The outbox's delivery pass, a recurring job: every 15 s, and at once when an email is queued
 * (`runRecurringNow`); one pass at a time across the processes, taken over when its process dies.
 */
export function emailDeliveryJob(
  mailer: Mailer,
  publicUrl: string,
  /** an email claimed this long ago and still `sending` was being sent by a process that died */
  interruptedAfterMs = 60_000,
): JobKind<never> {
  return {
    kind: EMAIL_DELIVERY_JOB,
    everyMs: 15_000,
    run: async (job) => {
      const now = job.now();
      const requeued = await requeueInterrupted(job.db, new Date(now.getTime() - interruptedAfterMs));
      return { requeued, ...(await deliverDue(job.db, mailer, publicUrl, now)) };
    },
  };
}

export const EMAIL_DELIVERY_JOB = 'emails.deliver';
