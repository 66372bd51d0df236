/**
 * How the request side of a process tells its workers (server/workers.ts) that there is work:
 * routes store the work (a webhook row, a job, an email) and raise a signal; whichever workers this
 * process runs listen. A process that runs none of them (WORKERS=none) still stores everything,
 * and the processes that do run them find it in the database.
 */
type Listener<T> = (value: T) => void;

class Signal<T = void> {
  readonly #listeners = new Set<Listener<T>>();

  /** Calls `listener` on every raise until the returned function is called. */
  on(listener: Listener<T>): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  raise(value: T): void {
    for (const listener of this.#listeners) listener(value);
  }
}

/**
 * The webhooks this process is receiving: processing waits for a quiet moment so that
 * acknowledgements come first (server/jobs/webhook-runner.ts reads it).
 */
export class WebhookTraffic {
  /** received and not answered yet */
  pending = 0;
  /** when the last one arrived or was answered (performance.now()) */
  lastAt = -Infinity;

  /** A webhook request arrived; the function returned is called once it is answered. */
  receiving(): () => void {
    this.pending += 1;
    this.lastAt = performance.now();
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.pending -= 1;
      this.lastAt = performance.now();
    };
  }
}

export class WorkSignals {
  readonly webhookTraffic = new WebhookTraffic();
  /** a webhook delivery was stored (its event id) */
  readonly webhookStored = new Signal<number>();
  /** stored webhook events are waiting to be processed again (a retry from the console) */
  readonly webhooksRetried = new Signal();
  /** a job was enqueued by a transaction that has committed */
  readonly jobsQueued = new Signal();
  /** a program email was queued */
  readonly emailsQueued = new Signal();
}
