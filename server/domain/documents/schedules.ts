/**
 * Scheduled publishing: "publish these versions at this time in the store's time zone, and
 * optionally put back what was live before at that end" (a double points weekend). A schedule
 * holds the versions it publishes, so drafts saved afterwards do not change it. Its start and
 * its end are jobs of the one job engine (schedule-job.ts), claimed by one runner of any server
 * process; cancelling a schedule cancels its pending job.
 */
import { parseDateTime } from '@internationalized/date';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { json } from '../../db/normalize.ts';
import { cancelJob, enqueueJob } from '../jobs/index.ts';
import { inTransaction } from '../ledger/index.ts';
import { DocumentInvalidError } from './errors.ts';
import type { PublishSchedule, ScheduleItem, ScheduleState } from './schedule-tables.ts';
import { readableVersion } from './write.ts';

export const PUBLISH_SCHEDULE_JOB = 'documents.schedule';
export type ScheduleStep = 'start' | 'end';
export interface ScheduleJobPayload {
  scheduleId: number;
  step: ScheduleStep;
}

/** A wall-clock time (`2026-12-04T00:00`) in `timeZone` as an instant; null when it is not one. */
export function zonedInstant(local: string, timeZone: string): Date | null {
  try {
    return parseDateTime(local).toDate(timeZone);
  } catch {
    return null;
  }
}

export interface NewSchedule {
  storeId: number;
  userId: number | null;
  items: ScheduleItem[];
  /** wall-clock times in the store's time zone; no start: now */
  startsAt?: string | undefined;
  endsAt?: string | null | undefined;
  label?: string | undefined;
  timeZone: string;
  now: Date;
}

const refuse = (field: string, message: string): never => {
  throw new DocumentInvalidError(`${field}: ${message}`, { [field]: message });
};

/** The instant of a wall-clock field, or a 422 naming it. */
function instantOf(field: string, local: string, timeZone: string): Date {
  return zonedInstant(local, timeZone) ?? refuse(field, 'Enter a date and time like 2026-12-04T00:00.');
}

/**
 * Records a schedule and queues its start (in one transaction). Every item's version must exist
 * and be readable; the start may not be in the past (a minute of grace for the form's "now")
 * and the end comes after the start.
 */
export async function createSchedule(db: Db, input: NewSchedule): Promise<PublishSchedule> {
  const startsAt = input.startsAt === undefined ? input.now : instantOf('starts_at', input.startsAt, input.timeZone);
  const endsAt = input.endsAt ? instantOf('ends_at', input.endsAt, input.timeZone) : null;
  if (startsAt.getTime() < input.now.getTime() - 60_000) refuse('starts_at', 'The start is in the past: choose a later time.');
  if (endsAt && endsAt <= startsAt) refuse('ends_at', 'The end comes after the start.');
  const kinds = new Set(input.items.map((item) => item.kind));
  if (kinds.size !== input.items.length) refuse('items', 'Each document is scheduled once.');
  for (const [index, item] of input.items.entries()) {
    try {
      await readableVersion(db, input.storeId, item.kind, item.version);
    } catch (error) {
      refuse(`items.${index}.version`, (error as Error).message);
    }
  }
  return inTransaction(db, async (trx) => {
    const schedule = await trx
      .insertInto('publish_schedules')
      .values({
        store_id: input.storeId,
        label: input.label?.trim() ?? '',
        items: json(input.items),
        starts_at: startsAt,
        ends_at: endsAt,
        created_by: input.userId,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const job = await enqueueScheduleStep(trx, schedule, 'start', startsAt, input.now);
    return trx.updateTable('publish_schedules').set({ start_job_id: job }).where('id', '=', schedule.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** Queues one step of a schedule, due at `runAfter` (idempotent per schedule and step). */
export async function enqueueScheduleStep(db: Db, schedule: PublishSchedule, step: ScheduleStep, runAfter: Date, now: Date): Promise<number> {
  const payload: ScheduleJobPayload = { scheduleId: schedule.id, step };
  const { id } = await enqueueJob(
    db,
    { kind: PUBLISH_SCHEDULE_JOB, storeId: schedule.store_id, key: `schedule:${schedule.id}:${step}`, payload, runAfter },
    now,
  );
  return id;
}

/** The store's schedules, newest first (optionally those touching one of `kinds`), with their authors' names. */
export async function listSchedules(db: Db, storeId: number, options: { kinds?: readonly string[] | undefined; limit?: number | undefined } = {}) {
  let query = db
    .selectFrom('publish_schedules')
    .leftJoin('users', 'users.id', 'publish_schedules.created_by')
    .selectAll('publish_schedules')
    .select('users.name as created_by_name')
    .where('publish_schedules.store_id', '=', storeId);
  if (options.kinds) {
    const kinds = [...options.kinds];
    query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements(publish_schedules.items) item where item->>'kind' = any(${kinds}::text[]))`);
  }
  return query
    .orderBy('publish_schedules.id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
}

export function findSchedule(db: Db, storeId: number, id: number) {
  return db
    .selectFrom('publish_schedules')
    .leftJoin('users', 'users.id', 'publish_schedules.created_by')
    .selectAll('publish_schedules')
    .select('users.name as created_by_name')
    .where('publish_schedules.store_id', '=', storeId)
    .where('publish_schedules.id', '=', id)
    .executeTakeFirst();
}

const CANCELLABLE: readonly ScheduleState[] = ['scheduled', 'live'];

/**
 * Cancels a schedule that has not run yet (nothing is published), or the end of one that is live
 * (what it published stays). Locks the schedule, so it never races its own job: a start under
 * way finishes first. `cancelled: false` when it already ran to its end, failed or was cancelled.
 */
export async function cancelSchedule(db: Db, storeId: number, id: number, now: Date): Promise<{ cancelled: boolean } | undefined> {
  return inTransaction(db, async (trx) => {
    const schedule = await trx.selectFrom('publish_schedules').selectAll().where('store_id', '=', storeId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!schedule) return undefined;
    if (!CANCELLABLE.includes(schedule.state)) return { cancelled: false };
    const pending = schedule.state === 'scheduled' ? schedule.start_job_id : schedule.end_job_id;
    if (pending !== null) await cancelJob(trx, storeId, pending, now);
    await trx.updateTable('publish_schedules').set({ state: 'cancelled', cancelled_at: now }).where('id', '=', id).execute();
    return { cancelled: true };
  });
}

type ScheduleRow = PublishSchedule & { created_by_name?: string | null };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A schedule as the API answers it. */
export function presentSchedule(row: ScheduleRow, timeZone: string) {
  return {
    id: row.id,
    label: row.label,
    state: row.state,
    items: row.items.map((item) => ({ kind: item.kind, version: item.version, ...(item.surfaces && { surfaces: item.surfaces }) })),
    starts_at: iso(row.starts_at)!,
    ends_at: iso(row.ends_at),
    time_zone: timeZone,
    applied: row.applied ?? null,
    error: row.error,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    created_at: iso(row.created_at)!,
    published_at: iso(row.published_at),
    ended_at: iso(row.ended_at),
    cancelled_at: iso(row.cancelled_at),
  };
}
export type ScheduleView = ReturnType<typeof presentSchedule>;
