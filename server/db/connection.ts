import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import { Pool, types as pgTypes } from 'pg';
import { mkdirSync } from 'node:fs';
import { PGlitePool } from './pglite-pool.ts';
import { TYPE_PARSERS } from './normalize.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… — use a PostgreSQL server */
  databaseUrl?: string | undefined;
  /** PGlite folder; undefined = in memory */
  dataDir?: string | undefined;
  /** pool size for PostgreSQL */
  maxConnections?: number;
  /** PGlite only: start from this `dumpDataDir` tarball (tests start from a migrated one) */
  loadDataDir?: Blob | undefined;
}

/** The databases that run inside this process (PGlite): their statements take this thread's time. */
const inProcess = new WeakSet<Db>();

/** Whether `db` (as openDatabase made it, not one derived with `withPlugin`) runs in this process's own thread (PGlite): its statements hold up everything else here. */
export const runsInThisThread = (db: Db): boolean => inProcess.has(db);

/** The one query layer: Kysely's PostgresDialect over a pg.Pool or over PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  let pool: PostgresPool;
  if (options.databaseUrl) {
    const pgPool = new Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      types: { getTypeParser: pgTypeParser as typeof pgTypes.getTypeParser },
    });
    // an idle connection that the server drops (restart, admin command) must not crash the process
    pgPool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    pool = pgPool;
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pool = await PGlitePool.open(options.dataDir, options.loadDataDir);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (pool instanceof PGlitePool) inProcess.add(db);
  return db;
}

function pgTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
  const parse = TYPE_PARSERS[oid];
  if (parse && format !== 'binary') return parse;
  return format === 'binary' ? pgTypes.getTypeParser(oid, 'binary') : pgTypes.getTypeParser(oid);
}
