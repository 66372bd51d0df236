/**
 * The job that runs a publish schedule's start and end (schedules.ts). Each step runs in one
 * transaction holding the schedule's row, and only from the state it expects: a step taken over
 * from a silent runner, or run twice, publishes nothing a second time.
 */
import type { DocumentKind } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import type { JobKind } from '../jobs/index.ts';
import { inTransaction } from '../ledger/index.ts';
import { publishSurfaceStyles } from './publish-styles.ts';
import type { AppliedItem, PublishSchedule } from './schedule-tables.ts';
import { enqueueScheduleStep, PUBLISH_SCHEDULE_JOB, type ScheduleJobPayload } from './schedules.ts';
import { publishVersion, unpublishKind } from './write.ts';

/** The published version of each of `kinds` (absent: nothing published). */
async function liveVersions(db: Db, storeId: number, kinds: DocumentKind[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('settings_documents')
    .select(['kind', 'version'])
    .where('store_id', '=', storeId)
    .where('kind', 'in', kinds)
    .where('status', '=', 'published')
    .execute();
  return new Map(rows.map((row) => [row.kind, row.version]));
}

/** The start: publishes the versions the schedule holds, records what was live before, and queues the end. */
async function start(trx: Db, schedule: PublishSchedule, now: Date) {
  const { store_id: storeId, created_by: userId } = schedule;
  const before = await liveVersions(
    trx,
    storeId,
    schedule.items.map((item) => item.kind),
  );
  const applied: AppliedItem[] = [];
  for (const item of schedule.items) {
    const published = item.surfaces
      ? await publishSurfaceStyles(trx, { storeId, userId, version: item.version, surfaces: item.surfaces, now })
      : await publishVersion(trx, { storeId, kind: item.kind, version: item.version, userId, now });
    applied.push({ kind: item.kind, version: published.version, previous: before.get(item.kind) ?? null });
  }
  const endJob = schedule.ends_at ? await enqueueScheduleStep(trx, schedule, 'end', new Date(schedule.ends_at), now) : null;
  await trx
    .updateTable('publish_schedules')
    .set({ state: endJob === null ? 'published' : 'live', applied: json(applied), published_at: now, end_job_id: endJob, error: null })
    .where('id', '=', schedule.id)
    .execute();
  return { published: applied };
}

/**
 * The end: each kind the start published goes back to the version live before it (or to no
 * published version, the preset default), unless someone published that kind since: their
 * publish is newer than the schedule and stays.
 */
async function end(trx: Db, schedule: PublishSchedule, now: Date) {
  const applied = schedule.applied ?? [];
  const live = await liveVersions(
    trx,
    schedule.store_id,
    applied.map((item) => item.kind),
  );
  const restored: AppliedItem[] = [];
  const kept: DocumentKind[] = [];
  for (const item of applied) {
    if (live.get(item.kind) !== item.version) {
      kept.push(item.kind);
      continue;
    }
    if (item.previous === null) await unpublishKind(trx, schedule.store_id, item.kind);
    else await publishVersion(trx, { storeId: schedule.store_id, kind: item.kind, version: item.previous, userId: schedule.created_by, now });
    restored.push(item);
  }
  await trx.updateTable('publish_schedules').set({ state: 'ended', ended_at: now }).where('id', '=', schedule.id).execute();
  return { restored, kept };
}

/** Runs one step of a schedule, once: null when the schedule is not (or no longer) waiting for it. */
export async function runScheduleStep(db: Db, storeId: number, payload: ScheduleJobPayload, now: Date) {
  return inTransaction(db, async (trx) => {
    const schedule = await trx
      .selectFrom('publish_schedules')
      .selectAll()
      .where('id', '=', payload.scheduleId)
      .where('store_id', '=', storeId)
      .forUpdate()
      .executeTakeFirst();
    if (payload.step === 'start' && schedule?.state === 'scheduled') return start(trx, schedule, now);
    if (payload.step === 'end' && schedule?.state === 'live') return end(trx, schedule, now);
    return null;
  });
}

export const publishScheduleJob: JobKind<ScheduleJobPayload> = {
  kind: PUBLISH_SCHEDULE_JOB,
  concurrency: 2,
  run: (job) => runScheduleStep(job.db, job.storeId!, job.payload, job.now()),
  async onFailure(job, error) {
    await job.db
      .updateTable('publish_schedules')
      .set({ state: 'failed', error: error.slice(0, 1000) })
      .where('id', '=', job.payload.scheduleId)
      .where('state', 'in', ['scheduled', 'live'])
      .execute();
  },
};
