import { dataEnvelope, idParams } from '../../contract/common.ts';
import { schedule, scheduleBody, scheduleList, scheduleListQuery } from './contract/publish-schedules.ts';
import { cancelSchedule, createSchedule, findSchedule, listSchedules, presentSchedule } from '../../domain/documents/index.ts';
import { storeTimeZone } from '../../domain/schemas/reward-dates.ts';
import type { App } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';

const TAGS = ['onsite-display'];
const notFound = () => new ApiError(404, 'This schedule does not exist.', 'not_found');

/**
 * Scheduled publishing of the builder's documents (server/contract/publish-schedules.ts).
 * Registered inside the on-site display routes: their error handler answers refused documents.
 */
export function registerScheduleRoutes(app: App): void {
  app.get(
    '/onsite-display/schedules',
    {
      config: { permission: 'program:read' },
      schema: { tags: TAGS, summary: 'Publish schedules, newest first', querystring: scheduleListQuery, response: { 200: dataEnvelope(scheduleList) } },
    },
    async (request) => {
      const timeZone = storeTimeZone(request.store.settings);
      const rows = await listSchedules(app.db, request.store.id, { kinds: request.query.kinds, limit: request.query.limit });
      return { data: { time_zone: timeZone, schedules: rows.map((row) => presentSchedule(row, timeZone)) } };
    },
  );

  app.post(
    '/onsite-display/schedules',
    {
      config: { permission: 'program:publish' },
      schema: {
        tags: TAGS,
        summary: "Publish versions at a time in the store's time zone, optionally until an end that restores what was live before",
        body: scheduleBody,
        response: { 201: dataEnvelope(schedule) },
      },
    },
    async (request, reply) => {
      const { items, starts_at: startsAt, ends_at: endsAt, label } = request.body;
      const timeZone = storeTimeZone(request.store.settings);
      const created = await createSchedule(app.db, {
        storeId: request.store.id,
        userId: request.user.id,
        items,
        startsAt,
        endsAt,
        label,
        timeZone,
        now: app.clock.now(),
      });
      app.work.jobsQueued.raise();
      const row = await findSchedule(app.db, request.store.id, created.id);
      return reply.code(201).send({ data: presentSchedule(row ?? created, timeZone) });
    },
  );

  app.post(
    '/onsite-display/schedules/:id/cancel',
    {
      config: { permission: 'program:publish' },
      schema: {
        tags: TAGS,
        summary: 'Cancel a schedule that has not started (nothing is published), or the end of a live one (what it published stays)',
        params: idParams,
        response: { 200: dataEnvelope(schedule) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await cancelSchedule(app.db, request.store.id, id, app.clock.now());
      if (!outcome) throw notFound();
      const row = await findSchedule(app.db, request.store.id, id);
      if (!row) throw notFound();
      if (!outcome.cancelled) throw new ApiError(409, `This schedule is ${row.state}: there is nothing left to cancel.`, 'schedule_finished');
      return { data: presentSchedule(row, storeTimeZone(request.store.settings)) };
    },
  );
}
