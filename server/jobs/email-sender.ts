import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { deliverDue } from '../domain/emails/deliver.ts';
import type { Mailer } from '../domain/emails/mailer.ts';

/**
 * Sends the outbox: every `intervalMs`, and soon after `kick()` (a new email queued). Rows are
 * claimed with SKIP LOCKED, so several server processes on one PostgreSQL share the work and
 * no email goes out twice; on PGlite the one process does it all.
 */
export class EmailSender {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> = Promise.resolve();
  #again = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(intervalMs = 15_000): void {
    this.#timer = setInterval(() => this.kick(), intervalMs);
    this.#timer.unref();
    this.kick();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.#again) return;
    this.#again = true;
    this.#running = this.#running.then(async () => {
      this.#again = false;
      await deliverDue(this.db, this.mailer, this.publicUrl, this.clock.now()).catch(this.onError);
    });
  }

  /** Waits until every pass asked for so far has run (tests). */
  async drain(): Promise<void> {
    await this.#running;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
