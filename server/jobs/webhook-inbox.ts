import type { Db } from '../db/connection.ts';
import { TickBatch } from '../db/tick-batch.ts';
import { persistWebhooks, type ReceivedWebhook, type STORE_CHANGED } from './webhook-runner.ts';

/**
 * Where acknowledged webhooks are persisted: the ones received in the same turn of the event loop
 * go to the database in one insert and one commit, so a burst costs one round trip instead of
 * one per webhook. Each caller still waits for its own row to be committed before answering.
 */
export class WebhookInbox {
  readonly #batch: TickBatch<ReceivedWebhook, number | null | typeof STORE_CHANGED>;

  constructor(db: Db, now: () => Date) {
    this.#batch = new TickBatch((events) => persistWebhooks(db, events, now()));
  }

  /** The event's id once it is stored, null when the same event was already received, or STORE_CHANGED (see persistWebhooks). */
  persist(event: ReceivedWebhook): Promise<number | null | typeof STORE_CHANGED> {
    return this.#batch.call(event);
  }
}
