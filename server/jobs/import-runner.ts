import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { claimImport, runImport } from '../domain/orders/import-jobs.ts';
import { SingleFlight } from './single-flight.ts';

/**
 * Runs queued order imports in this process, one after another. On PGlite it is kicked when an
 * import is queued (and on start, to resume); on PostgreSQL pg-boss calls `process(id)` in
 * whichever server process takes the job. Either way an import is claimed with SKIP LOCKED, so it
 * runs once.
 */
export class ImportRunner {
  readonly #flight = new SingleFlight(async (closed) => {
    while (!closed() && (await this.#runNext()));
  });

  /** `chunkSize`: orders per transaction (PGlite's one connection: small steps let requests through) */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chunkSize?: number,
  ) {}

  /** Runs every waiting import; resolves when none is left. */
  kick(): Promise<void> {
    return this.#flight.kick();
  }

  /** Runs this import if it is waiting (a pg-boss job); a finished or taken one is left alone. */
  async process(id: number): Promise<void> {
    const record = await claimImport(this.db, this.clock.now(), id);
    if (record) await runImport(this.db, record, () => this.clock.now(), this.chunkSize);
  }

  async #runNext(): Promise<boolean> {
    const record = await claimImport(this.db, this.clock.now());
    if (!record) return false;
    await runImport(this.db, record, () => this.clock.now(), this.chunkSize);
    return true;
  }

  /** Stops after the import in progress. */
  close(): Promise<void> {
    return this.#flight.close();
  }
}
