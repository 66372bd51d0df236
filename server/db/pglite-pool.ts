import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { TYPE_PARSERS } from './normalize.ts';

/**
 * A `pg.Pool`-shaped adapter over one PGlite instance, so Kysely's own `PostgresDialect` runs on
 * both backends. PGlite has a single connection: `connect()` hands it out to one borrower at a
 * time (a transaction holds it from BEGIN to COMMIT) and queues the rest in FIFO order.
 */
export class PGlitePool implements PostgresPool {
  readonly #pglite: PGlite;
  #tail: Promise<void> = Promise.resolve();
  #ended = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /**
   * Opens PGlite in `dataDir` (a folder; `memory://` or undefined for in-memory), starting from
   * `loadDataDir` (a `dumpDataDir` tarball) when given instead of an empty cluster.
   */
  static async open(dataDir?: string, loadDataDir?: Blob): Promise<PGlitePool> {
    const parsers: NonNullable<PGliteOptions['parsers']> = {};
    for (const [oid, parse] of Object.entries(TYPE_PARSERS)) parsers[Number(oid)] = parse;
    const pglite = await PGlite.create(dataDir, { parsers, ...(loadDataDir ? { loadDataDir } : {}) });
    // PGlite is one session for its whole life, so a SET holds for good. A new WAL segment is
    // not filled with 16 MB of zeros first: that write stalled the statement that crossed into it
    // (30–50 ms on disk, every 16 MB of WAL; a webhook burst's acknowledgements waited behind it).
    // WAL records carry their own checksums, and PGlite runs with fsync off anyway.
    await pglite.exec('set wal_init_zero = off');
    return new PGlitePool(pglite);
  }

  get pglite(): PGlite {
    return this.#pglite;
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('The database pool is closed.');
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let released = false;
    const pglite = this.#pglite;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          rows: result.rows,
          rowCount: result.affectedRows ?? result.rows.length,
          command: commandOf(sql),
        };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.#tail;
    await this.#pglite.close();
  }
}

/** Kysely reads `command` to decide whether `rowCount` counts affected rows. */
function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const keyword = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  if (keyword === 'INSERT' || keyword === 'UPDATE' || keyword === 'DELETE' || keyword === 'MERGE') return keyword;
  return 'SELECT';
}
