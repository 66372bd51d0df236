import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../server/db/connection.ts';

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
