import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { deliverDue, queueAllEvents, type AddressPolicy, type Sender } from '../domain/outgoing-webhooks/index.ts';
import { SingleFlight } from './single-flight.ts';

/**
 * The job that sends the program's events to merchant endpoints: each pass queues what happened
 * since the last one, then delivers what is due (retries included). Runs every `intervalMs` in
 * this process and on `kick()`; `drain()` resolves when a pass is done (tests).
 */
export class OutgoingWebhookRunner {
  readonly #flight: SingleFlight;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly policy: AddressPolicy,
    private readonly send?: Sender,
  ) {
    this.#flight = new SingleFlight(async (closed) => {
      await queueAllEvents(this.db, this.clock.now());
      while (!closed() && (await deliverDue(this.db, this.clock.now(), this.policy, this.send)) > 0) {
        // claimed deliveries are leased, so the loop ends once every due one was tried
      }
    });
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => void this.kick().catch(onError), intervalMs);
    this.#timer.unref();
  }

  kick(): Promise<void> {
    return this.#flight.kick();
  }

  /** One full pass (waits for a pass under way first). */
  async drain(): Promise<void> {
    await this.#flight.kick();
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#flight.close();
  }
}
