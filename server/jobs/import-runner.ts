import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { claimImport, runImport } from '../domain/orders/import-jobs.ts';
import type { OrderImport } from '../domain/orders/tables.ts';
import { SingleFlight } from './single-flight.ts';

/** How one kind of import is claimed (SKIP LOCKED, resuming abandoned ones) and run from where it stopped. */
export interface ImportJobs<R> {
  claim(db: Db, now: Date, id?: number): Promise<R | undefined>;
  run(db: Db, record: R, now: () => Date, chunkSize?: number): Promise<unknown>;
}

const ORDER_IMPORTS: ImportJobs<OrderImport> = { claim: claimImport, run: runImport };

/**
 * Runs queued imports (orders by default, or the kind `jobs` names) in this process, one after another. On PGlite it is kicked when an
 * import is queued (and on start, to resume); on PostgreSQL pg-boss calls `process(id)` in
 * whichever server process takes the job. Either way an import is claimed with SKIP LOCKED, so it
 * runs once.
 */
export class ImportRunner<R = OrderImport> {
  readonly #flight = new SingleFlight(async (closed) => {
    while (!closed() && (await this.#runNext()));
  });

  /** `chunkSize`: orders per transaction (PGlite's one connection: small steps let requests through) */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chunkSize?: number,
    private readonly jobs: ImportJobs<R> = ORDER_IMPORTS as unknown as ImportJobs<R>,
  ) {}

  /** Runs every waiting import; resolves when none is left. */
  kick(): Promise<void> {
    return this.#flight.kick();
  }

  /** Runs this import if it is waiting (a pg-boss job); a finished or taken one is left alone. */
  async process(id: number): Promise<void> {
    const record = await this.jobs.claim(this.db, this.clock.now(), id);
    if (record) await this.jobs.run(this.db, record, () => this.clock.now(), this.chunkSize);
  }

  async #runNext(): Promise<boolean> {
    const record = await this.jobs.claim(this.db, this.clock.now());
    if (!record) return false;
    await this.jobs.run(this.db, record, () => this.clock.now(), this.chunkSize);
    return true;
  }

  /** Stops after the import in progress. */
  close(): Promise<void> {
    return this.#flight.close();
  }
}
