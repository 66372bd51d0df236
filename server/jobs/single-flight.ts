/**
 * Runs a drain (work until nothing is left) at most once at a time in this process: a kick during
 * a run returns that run and makes it go round once more, so work queued meanwhile is not missed.
 */
export class SingleFlight {
  #running: Promise<void> | null = null;
  #again = false;
  #closed = false;

  constructor(private readonly drainOnce: (closed: () => boolean) => Promise<void>) {}

  get closed(): boolean {
    return this.#closed;
  }

  /** Starts draining (or joins the drain under way); resolves when nothing is left. */
  kick(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.drainOnce(() => this.#closed);
        } while (this.#again && !this.#closed);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /** No new drains; resolves when the one under way ends. */
  close(): Promise<void> {
    this.#closed = true;
    return this.#running ?? Promise.resolve();
  }
}
