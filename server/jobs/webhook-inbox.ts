import type { Db } from '../db/connection.ts';
import { persistWebhooks, type ReceivedWebhook } from './webhook-runner.ts';

interface Waiting {
  event: ReceivedWebhook;
  resolve: (id: number | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Where acknowledged webhooks are persisted: the ones received in the same turn of the event loop
 * go to the database in one insert and one commit, so a burst costs one round trip instead of
 * one per webhook. Each caller still waits for its own row to be committed before answering.
 */
export class WebhookInbox {
  #waiting: Waiting[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The event's id once it is stored, or null when the same event was already received. */
  persist(event: ReceivedWebhook): Promise<number | null> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.push({ event, resolve, reject }) === 1) setImmediate(() => void this.#flush());
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting.splice(0);
    try {
      const ids = await persistWebhooks(
        this.db,
        batch.map((item) => item.event),
        this.now(),
      );
      batch.forEach((item, index) => item.resolve(ids[index]!));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
