/**
 * Delivery of queued events: a pass claims the due deliveries (a lease moves their next attempt
 * ahead, so another process never takes the same one), posts each signed, and records the
 * answer. Delivered is final (never sent again); a failure waits with exponential backoff until
 * MAX_ATTEMPTS, then stays `failed` in the log.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { JobKind } from '../../domain/jobs/index.ts';
import type { AddressPolicy } from './address.ts';
import { queueAllEvents } from './events.ts';
import { sendEvent, signatureHeader, type SendResult } from './send.ts';

export const MAX_ATTEMPTS = 8;
/** Waits after attempt n: 30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h, then 12 h. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 12 * 3_600_000);
/** How long a claimed delivery is held by the process posting it. */
const LEASE_MS = 2 * 60_000;
const CLAIM_BATCH = 20;

export type Sender = (url: string, body: string, headers: Record<string, string>, policy: AddressPolicy) => Promise<SendResult>;

/** Delivers the due events of every store once; how many were attempted. */
export async function deliverDue(db: Db, now: Date, policy: AddressPolicy, send: Sender = sendEvent): Promise<number> {
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ attempts: sql<number>`${eb.ref('attempts')} + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) }))
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(CLAIM_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .where('status', '=', 'pending')
    .returning(['id', 'store_id', 'endpoint_id', 'topic', 'event_key', 'payload', 'attempts'])
    .execute();
  if (claimed.length === 0) return 0;
  const endpoints = await db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('stores as s', 's.id', 'e.store_id')
    .select(['e.id', 'e.url', 'e.disabled_at', 's.hmac_secret'])
    .where(
      'e.id',
      'in',
      claimed.map((row) => row.endpoint_id),
    )
    .execute();
  const byId = new Map(endpoints.map((row) => [row.id, row]));
  for (const delivery of claimed) {
    const endpoint = byId.get(delivery.endpoint_id);
    const body = JSON.stringify(delivery.payload);
    let result: SendResult;
    if (!endpoint || endpoint.disabled_at) result = { ok: false, statusCode: null, error: 'The endpoint was removed.' };
    else if (!endpoint.hmac_secret) result = { ok: false, statusCode: null, error: 'The store has no HMAC secret to sign with: generate it.' };
    else {
      result = await send(
        endpoint.url,
        body,
        {
          'x-loyalty-signature': signatureHeader(endpoint.hmac_secret, body, now),
          'x-loyalty-event-id': delivery.event_key,
          'x-loyalty-topic': delivery.topic,
        },
        policy,
      );
    }
    const gone = !endpoint || Boolean(endpoint.disabled_at);
    const finalFailure = !result.ok && (gone || delivery.attempts >= MAX_ATTEMPTS);
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: result.ok ? 'delivered' : finalFailure ? 'failed' : 'pending',
        delivered_at: result.ok ? now : null,
        next_attempt_at: result.ok || finalFailure ? now : new Date(now.getTime() + retryDelayMs(delivery.attempts)),
        last_status_code: result.statusCode,
        last_error: result.error?.slice(0, 500) ?? null,
      })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .execute();
  }
  return claimed.length;
}

export const OUTGOING_DELIVERY_JOB = 'outgoing.deliver';

/**
 * The outgoing webhooks' pass, a recurring job every `everyMs`: it queues the program's events since
 * the last pass, then delivers what is due (retries included; claimed deliveries are leased, so the
 * loop ends once every due one was tried).
 */
export function outgoingDeliveryJob(everyMs: number, policy: AddressPolicy, send?: Sender): JobKind<never> {
  return {
    kind: OUTGOING_DELIVERY_JOB,
    everyMs,
    run: async (job) => {
      await queueAllEvents(job.db, job.now());
      let tried = 0;
      for (;;) {
        const batch = await deliverDue(job.db, job.now(), policy, send);
        if (batch === 0) return { tried };
        tried += batch;
      }
    },
  };
}
