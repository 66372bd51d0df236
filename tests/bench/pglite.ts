import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { scratchPostgresDatabase } from '../helpers/postgres.ts';
import type { BenchRow } from './run.ts';

/**
 * PGlite as the server runs it: in a data folder (`DATA_DIR`), here a new temporary one, removed
 * by `drop()`. Not in memory: there every file of the cluster is an array that grows by copying
 * itself (12.5 % at a time), so a table or a WAL segment growing by a few MB stalled a statement
 * 50–400 ms, a cost the deployed server never pays.
 */
export async function scratchPglite(): Promise<{ db: Db; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ls-bench-pglite-'));
  const db = await openDatabase({ dataDir });
  return {
    db,
    async drop() {
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Measures on a fresh migrated PGlite, then (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on a
 * scratch PostgreSQL database named after `prefix`; each is dropped after its measure.
 */
export async function measureOnEachDatabase(prefix: string, measure: (db: Db, label: 'PGlite' | 'PostgreSQL') => Promise<BenchRow[]>): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const lite = await scratchPglite();
  try {
    await migrateToLatest(lite.db);
    rows.push(...(await measure(lite.db, 'PGlite')));
  } finally {
    await lite.drop();
  }
  if (!ADMIN_URL) return [...rows, { metric: 'PostgreSQL', ours: 'not measured', verdict: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' }];
  const scratch = await scratchPostgresDatabase(ADMIN_URL, prefix);
  const pg = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
  try {
    await migrateToLatest(pg);
    rows.push(...(await measure(pg, 'PostgreSQL')));
  } finally {
    await pg.destroy();
    await scratch.drop();
  }
  return rows;
}
