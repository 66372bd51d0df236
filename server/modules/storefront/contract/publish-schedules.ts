import { z } from 'zod';
import { STYLED_SURFACES } from '../../../../renderers/contract/index.ts';
import { ONSITE_DOCUMENT_KINDS, versionField } from './onsite-display.ts';

/**
 * Scheduled publishing (paths under /api/v1, answers `{ data }`):
 * - GET  /onsite-display/schedules?kinds=widget,launcher → ScheduleList (newest first; the store's time zone)
 * - POST /onsite-display/schedules                       ScheduleBody → Schedule (201)
 * - POST /onsite-display/schedules/{id}/cancel           → Schedule (409 `schedule_finished` when it already ended)
 * A schedule holds the versions it publishes: drafts saved afterwards do not change it. Times in
 * a body are wall-clock times in the store's time zone (`settings.time_zone`, UTC by default);
 * answers give instants (ISO, UTC) and the zone.
 */

/** A wall-clock date and time, `2026-12-04T00:00` (seconds optional). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, 'Enter a date and time like 2026-12-04T00:00.');

const scheduleItem = z.strictObject({
  kind: z.enum(ONSITE_DOCUMENT_KINDS),
  version: versionField,
  /** custom style only: the surfaces whose styles go live from `version` (a studio publishes its own) */
  surfaces: z.array(z.enum(STYLED_SURFACES)).min(1).optional(),
});

export const scheduleBody = z.strictObject({
  items: z.array(scheduleItem).min(1).max(ONSITE_DOCUMENT_KINDS.length),
  /** when the versions go live; absent: now */
  starts_at: localDateTime.optional(),
  /** when the versions live before come back; absent or null: they stay */
  ends_at: localDateTime.nullable().optional(),
  label: z.string().trim().max(80).optional(),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

export const scheduleListQuery = z.object({
  /** comma-separated kinds: only the schedules publishing one of them */
  kinds: z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(ONSITE_DOCUMENT_KINDS)))
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const SCHEDULE_STATES = ['scheduled', 'live', 'published', 'ended', 'cancelled', 'failed'] as const;

export const schedule = z.object({
  id: z.number(),
  label: z.string(),
  /** scheduled → live (it has an end) or published (it has none) → ended; or cancelled, failed */
  state: z.enum(SCHEDULE_STATES),
  items: z.array(z.object({ kind: z.string(), version: z.number(), surfaces: z.array(z.string()).optional() })),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  time_zone: z.string(),
  /** once started: the version each kind went live with, and the one live before (null: the preset default) */
  applied: z.array(z.object({ kind: z.string(), version: z.number(), previous: z.number().nullable() })).nullable(),
  error: z.string().nullable(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type Schedule = z.infer<typeof schedule>;

export const scheduleList = z.object({ time_zone: z.string(), schedules: z.array(schedule) });
export type ScheduleList = z.infer<typeof scheduleList>;
