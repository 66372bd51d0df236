import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { twoProcessesOnPostgres } from '../../tests/helpers/processes.ts';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { cancelJobs, claimJob, enqueueJob, findJob, LostClaim, runRecurringNow } from '../domain/jobs/queue.ts';
import { JobRunner, PermanentFailure, RetryLater, type JobKind } from './engine.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

/** A kind that writes one row per unit of work in its checkpoint's transaction (as real kinds write their batches). */
function countingKind(
  kind: string,
  options: { units?: number; failTimes?: number; permanent?: boolean; throttle?: number } = {},
): JobKind<{ label: string }> & { calls: number } {
  const self = {
    kind,
    calls: 0,
    concurrency: 2,
    retryDelayMs: () => 5_000,
    async run(job: Parameters<JobKind<{ label: string }>['run']>[0]) {
      self.calls += 1;
      if (options.throttle && self.calls === 1) throw new RetryLater('throttled', options.throttle);
      if (self.calls <= (options.failTimes ?? 0)) throw options.permanent ? new PermanentFailure('refused for good') : new Error(`failure ${self.calls}`);
      const units = options.units ?? 1;
      for (let unit = job.progress; unit < units; unit += 1) {
        await job.db.transaction().execute(async (trx) => {
          await sql`insert into job_test_units (job_id, unit) values (${job.id}, ${unit})`.execute(trx);
          await job.checkpoint(trx, unit + 1, units);
        });
      }
      return { label: job.payload.label, units };
    },
  };
  return self;
}

const createUnits = (db: Db) => sql`create table if not exists job_test_units (job_id bigint, unit integer, unique (job_id, unit))`.execute(db);
const unitsOf = async (db: Db, jobId: number) =>
  (await sql<{ unit: number }>`select unit from job_test_units where job_id = ${jobId} order by unit`.execute(db)).rows.map((row) => row.unit);

describeEachDatabase(
  'job engine',
  (ctx) => {
    it('enqueues once per key, runs the job and keeps its result', async () => {
      await createUnits(ctx.db);
      const store = ctx.fixture.storeA.id;
      const first = await enqueueJob(ctx.db, { kind: 'test.count', storeId: store, key: 'reward:1', payload: { label: 'one' } }, ctx.clock.now());
      const again = await enqueueJob(ctx.db, { kind: 'test.count', storeId: store, key: 'reward:1', payload: { label: 'two' } }, ctx.clock.now());
      expect(again).toEqual({ id: first.id, created: false });
      // the same key in another store is another job
      expect((await enqueueJob(ctx.db, { kind: 'test.count', storeId: ctx.fixture.storeB.id, key: 'reward:1' }, ctx.clock.now())).created).toBe(true);
      const kind = countingKind('test.count', { units: 3 });
      const runner = new JobRunner(ctx.db, ctx.clock, [kind]);
      await runner.drain();
      expect(await findJob(ctx.db, store, first.id)).toMatchObject({ state: 'done', progress: 3, total: 3, attempts: 1, result: { label: 'one', units: 3 } });
      expect(await unitsOf(ctx.db, first.id)).toEqual([0, 1, 2]);
      expect(kind.calls).toBe(2);
    });

    it('retries a failing job after its backoff, and fails it after its last attempt or at once when told', async () => {
      const store = ctx.fixture.storeA.id;
      const flaky = await enqueueJob(ctx.db, { kind: 'test.flaky', storeId: store }, ctx.clock.now());
      const kind = countingKind('test.flaky', { failTimes: 2 });
      const runner = new JobRunner(ctx.db, ctx.clock, [kind]);
      await runner.drain();
      expect(await findJob(ctx.db, store, flaky.id)).toMatchObject({ state: 'queued', attempts: 1, error: 'failure 1' });
      // not due before its backoff
      ctx.clock.advance(4_000);
      await runner.drain();
      expect(kind.calls).toBe(1);
      ctx.clock.advance(1_000);
      await runner.drain();
      ctx.clock.advance(5_000);
      await runner.drain();
      expect(await findJob(ctx.db, store, flaky.id)).toMatchObject({ state: 'done', attempts: 3, error: null });

      const doomed = await enqueueJob(ctx.db, { kind: 'test.doomed', storeId: store, maxAttempts: 2 }, ctx.clock.now());
      const failing = countingKind('test.doomed', { failTimes: 9 });
      const other = new JobRunner(ctx.db, ctx.clock, [failing]);
      await other.drain();
      ctx.clock.advance(5_000);
      await other.drain();
      expect(await findJob(ctx.db, store, doomed.id)).toMatchObject({ state: 'failed', attempts: 2, error: 'failure 2' });

      const refused = await enqueueJob(ctx.db, { kind: 'test.refused', storeId: store }, ctx.clock.now());
      await new JobRunner(ctx.db, ctx.clock, [countingKind('test.refused', { failTimes: 1, permanent: true })]).drain();
      expect(await findJob(ctx.db, store, refused.id)).toMatchObject({ state: 'failed', attempts: 1, error: 'refused for good' });
    });

    it('waits as long as a handler asks without counting an attempt', async () => {
      const store = ctx.fixture.storeA.id;
      const job = await enqueueJob(ctx.db, { kind: 'test.throttled', storeId: store }, ctx.clock.now());
      const kind = countingKind('test.throttled', { throttle: 30_000 });
      const runner = new JobRunner(ctx.db, ctx.clock, [kind]);
      await runner.drain();
      expect(await findJob(ctx.db, store, job.id)).toMatchObject({ state: 'queued', attempts: 0, error: 'throttled' });
      ctx.clock.advance(29_000);
      await runner.drain();
      expect(kind.calls).toBe(1);
      ctx.clock.advance(1_000);
      await runner.drain();
      expect(await findJob(ctx.db, store, job.id)).toMatchObject({ state: 'done', attempts: 1 });
    });

    it('takes over a job whose runner fell silent, from its last checkpoint; the silent runner can write nothing more', async () => {
      await createUnits(ctx.db);
      const store = ctx.fixture.storeA.id;
      const job = await enqueueJob(ctx.db, { kind: 'test.resume', storeId: store, payload: { label: 'r' } }, ctx.clock.now());
      // a runner claims it, writes two units with their checkpoints, then its process dies
      const dead = await claimJob(ctx.db, ['test.resume'], 'dead-runner', ctx.clock.now(), new Date(0));
      expect(dead?.id).toBe(job.id);
      for (const unit of [0, 1]) {
        await ctx.db.transaction().execute(async (trx) => {
          await sql`insert into job_test_units (job_id, unit) values (${job.id}, ${unit})`.execute(trx);
          await trx
            .updateTable('jobs')
            .set({ progress: unit + 1, heartbeat_at: ctx.clock.now() })
            .where('id', '=', job.id)
            .execute();
        });
      }
      const kind = countingKind('test.resume', { units: 5 });
      const runner = new JobRunner(ctx.db, ctx.clock, [kind]);
      // still within the minute: nobody takes it
      ctx.clock.advance(59_000);
      await runner.drain();
      expect(kind.calls).toBe(0);
      ctx.clock.advance(2_000);
      await runner.drain();
      expect(await findJob(ctx.db, store, job.id)).toMatchObject({ state: 'done', progress: 5, attempts: 2 });
      expect(await unitsOf(ctx.db, job.id)).toEqual([0, 1, 2, 3, 4]);
      // the dead runner's next batch is refused (and rolled back)
      const { checkpointJob } = await import('../domain/jobs/queue.ts');
      await expect(checkpointJob(ctx.db, job.id, 'dead-runner', ctx.clock.now(), { progress: 3 })).rejects.toBeInstanceOf(LostClaim);
    });

    it('stops a cancelled job at its next checkpoint, its batch rolled back', async () => {
      await createUnits(ctx.db);
      const store = ctx.fixture.storeB.id;
      const job = await enqueueJob(ctx.db, { kind: 'test.cancel', storeId: store }, ctx.clock.now());
      const kind: JobKind<unknown> = {
        kind: 'test.cancel',
        async run(running) {
          await cancelJobs(ctx.db, store, ctx.clock.now());
          await running.db.transaction().execute(async (trx) => {
            await sql`insert into job_test_units (job_id, unit) values (${running.id}, 0)`.execute(trx);
            await running.checkpoint(trx, 1);
          });
        },
      };
      await new JobRunner(ctx.db, ctx.clock, [kind as JobKind<never>]).drain();
      expect(await findJob(ctx.db, store, job.id)).toMatchObject({ state: 'cancelled', progress: 0 });
      expect(await unitsOf(ctx.db, job.id)).toEqual([]);
    });

    it('hands a job under way back to the queue when its runner stops', async () => {
      await createUnits(ctx.db);
      const store = ctx.fixture.storeB.id;
      const job = await enqueueJob(ctx.db, { kind: 'test.stop', storeId: store }, ctx.clock.now());
      let runner: JobRunner | undefined;
      let stopped: Promise<void> | undefined;
      const kind: JobKind<unknown> = {
        kind: 'test.stop',
        async run(running) {
          stopped = runner!.stop();
          await running.db.transaction().execute((trx) => running.checkpoint(trx, 1));
        },
      };
      runner = new JobRunner(ctx.db, ctx.clock, [kind as JobKind<never>]);
      await runner.start();
      // the job ran and its runner stopped: it was handed back
      await expect.poll(() => stopped !== undefined).toBe(true);
      await stopped;
      expect(await findJob(ctx.db, store, job.id)).toMatchObject({ progress: 0, attempts: 0, error: null });
    });

    it('runs a recurring job every everyMs, once across runners, and again at once when brought forward, even during a run', async () => {
      const runs: Date[] = [];
      let during: (() => Promise<unknown>) | null = null;
      const kind: JobKind = {
        kind: 'test.pass',
        everyMs: 60_000,
        async run(job) {
          runs.push(job.now());
          const step = during;
          during = null;
          await step?.();
          return null;
        },
      };
      const first = new JobRunner(ctx.db, ctx.clock, [kind]);
      const second = new JobRunner(ctx.db, ctx.clock, [kind]);
      await first.start();
      await second.start();
      await Promise.all([first.drain(), second.drain()]);
      expect(runs).toHaveLength(1);
      expect(await ctx.db.selectFrom('jobs').select(['state', 'run_after']).where('kind', '=', 'test.pass').execute()).toEqual([
        { state: 'queued', run_after: new Date(ctx.clock.now().getTime() + 60_000) },
      ]);
      await second.stop();
      // brought forward: runs now; brought forward while running: runs once more right after
      expect(await runRecurringNow(ctx.db, 'test.pass', ctx.clock.now())).toBe(true);
      during = () => runRecurringNow(ctx.db, 'test.pass', ctx.clock.now());
      await first.drain();
      expect(runs).toHaveLength(3);
      expect(await runRecurringNow(ctx.db, 'test.pass', ctx.clock.now())).toBe(true);
      expect(await runRecurringNow(ctx.db, 'test.pass', ctx.clock.now())).toBe(false);
      await first.drain();
      expect(runs).toHaveLength(4);
      ctx.clock.advance(60_000);
      await first.drain();
      expect(runs).toHaveLength(5);
      await first.stop();
    });
  },
  { postgres: true },
);

describe.skipIf(!ADMIN_URL)('job engine shared by two processes on PostgreSQL', () => {
  const processes = twoProcessesOnPostgres(ADMIN_URL!);

  it('runs each of 200 jobs exactly once between them, woken by the enqueueing commit', async () => {
    const { url, dbs } = processes;
    const [first, second] = dbs as [Db, Db];
    await createUnits(first);
    const runs = new Map<number, number>();
    const kind = (name: string): JobKind<never> => ({
      kind: 'test.shared',
      concurrency: 4,
      async run(job) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await job.db.transaction().execute(async (trx) => {
          await sql`insert into job_test_units (job_id, unit) values (${job.id}, 0)`.execute(trx);
          await job.checkpoint(trx, 1);
        });
        return name;
      },
    });
    // polls far apart: the jobs are found through the commits' notifications
    const runners = [
      new JobRunner(first, systemClock, [kind('first')], { listenUrl: url, pollMs: 60_000 }),
      new JobRunner(second, systemClock, [kind('second')], { listenUrl: url, pollMs: 60_000 }),
    ];
    for (const runner of runners) {
      await runner.start();
      processes.onStop(() => runner.stop());
    }
    for (let n = 0; n < 200; n += 1) await enqueueJob(n % 2 ? first : second, { kind: 'test.shared', storeId: null, key: `k${n}` }, new Date());
    await expect
      .poll(async () => Number((await sql<{ n: number }>`select count(*) as n from jobs where state = 'done'`.execute(first)).rows[0]!.n), { timeout: 30_000 })
      .toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const byRunner = (await sql<{ result: string; n: number }>`select result #>> '{}' as result, count(*) as n from jobs group by 1`.execute(first)).rows;
    expect(byRunner.map((row) => row.result).sort()).toEqual(['first', 'second']);
    expect(Number((await sql<{ n: number }>`select count(*) as n from job_test_units`.execute(first)).rows[0]!.n)).toBe(200);
  });
});
