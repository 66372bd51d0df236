import type { Db } from '../db/connection.ts';
import { TickBatch } from '../db/tick-batch.ts';
import { persistWebhooks, type ReceivedWebhook } from './webhook-runner.ts';

/**
 * Where acknowledged webhooks are persisted: the ones received in the same turn of the event loop
 * go to the database in one insert and one commit, so a burst costs one round trip instead of
 * one per webhook. Each caller still waits for its own row to be committed before answering.
 */
export class WebhookInbox {
  readonly #batch: TickBatch<ReceivedWebhook, number | null>;

  constructor(db: Db, now: () => Date) {
    this.#batch = new TickBatch((events) => persistWebhooks(db, events, now()));
  }

  /** The event's id once it is stored, or null when the same event was already received. */
  persist(event: ReceivedWebhook): Promise<number | null> {
    return this.#batch.call(event);
  }
}
