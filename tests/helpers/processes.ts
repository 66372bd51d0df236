import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { scratchPostgresDatabase } from './postgres.ts';

export interface TwoProcesses {
  /** the scratch database's URL (set before the suite's tests run) */
  url: string;
  /** one pool per server process, migrated */
  dbs: Db[];
  /** something a process started (a pg-boss worker): stopped before the pools close */
  onStop(stop: () => Promise<void>): void;
}

/**
 * For a suite: two server processes — each its own connection pool — on one scratch PostgreSQL
 * database, opened before the tests and closed (workers first) and dropped after.
 */
export function twoProcessesOnPostgres(adminUrl: string): TwoProcesses {
  let drop: () => Promise<void> = async () => {};
  const stops: Array<() => Promise<void>> = [];
  const processes: TwoProcesses = { url: '', dbs: [], onStop: (stop) => void stops.push(stop) };
  beforeAll(async () => {
    // a copy of the run's migrated template (tests/helpers/db-templates.ts)
    const template = inject('postgresTemplate') || undefined;
    const scratch = await scratchPostgresDatabase(adminUrl, 'ls_t', template);
    ({ drop } = scratch);
    processes.url = scratch.url;
    for (let n = 0; n < 2; n += 1) processes.dbs.push(await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 }));
    if (!template) await migrateToLatest(processes.dbs[0]!);
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    for (const db of processes.dbs) await db.destroy();
    await drop();
  });
  return processes;
}
