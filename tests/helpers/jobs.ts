import { sql } from 'kysely';
import type { Clock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/connection.ts';
import { checkpointJob } from '../../server/domain/jobs/queue.ts';
import type { Job } from '../../server/domain/jobs/tables.ts';
import { JobRunner } from '../../server/jobs/engine.ts';
import { jobKinds } from '../../server/workers.ts';

/** The job whose payload names this record (`{ [field]: id }`), of `kind`. */
export async function jobOf(db: Db, kind: string, field: string, id: number): Promise<Job> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where(sql<string>`payload ->> ${field}`, '=', String(id))
    .executeTakeFirstOrThrow();
}

/**
 * Runs every due job with the product's kinds (PGlite settings unless `onPostgres`; the platforms' with `config`), as a process's runner would;
 * `only`: the due jobs of these kinds alone, the others staying queued (a test that needs to know which job runs first).
 */
export function runJobs(db: Db, clock: Clock, onPostgres = false, config?: Config, only?: readonly string[]): Promise<void> {
  const kinds = jobKinds(onPostgres, config).filter((kind) => !only || only.includes(kind.kind));
  return new JobRunner(db, clock, kinds).drain();
}

/**
 * A runner that claimed the job of `kind` naming this record (`{ [field]: id }`) and then died:
 * `checkpoint` writes as that runner would, until another runner takes the job over.
 */
export async function deadRunner(db: Db, kind: string, field: string, id: number, now: Date) {
  const token = `dead-${kind}-${id}`;
  const { id: jobId } = await jobOf(db, kind, field, id);
  await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', claimed_by: token, heartbeat_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', jobId)
    .where('state', '=', 'queued')
    .execute();
  return {
    jobId,
    checkpoint: (trx: Db, progress: number) => checkpointJob(trx, jobId, token, now, { progress }),
  };
}
