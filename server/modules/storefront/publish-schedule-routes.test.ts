import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';
import { findSchedule, getDocument, presentSchedule, publishScheduleJob, runScheduleStep } from '../../domain/documents/index.ts';
import type { JobKind } from '../../domain/jobs/index.ts';
import { JobRunner } from '../../jobs/engine.ts';

const HOUR = 3_600_000;
const landingWithTitle = (title: string) => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.landing_page);
  doc.sections[0]!.content.visitor.title = title;
  return doc;
};

describeEachDatabase(
  'scheduled publishing',
  (ctx) => {
    const sessionOn = (email: string, storeId: number) => signInOnStore(ctx.app, email, ctx.fixture.password, storeId);
    const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, ...(payload ? { payload } : {}) });
    /** a runner as a freshly started process has one: whatever it finds in the database is its work */
    const runJobs = () => new JobRunner(ctx.db, ctx.clock, [publishScheduleJob as JobKind<never>]).drain();
    // read from the database: days pass on the clock, longer than a console session lasts
    const published = async () => (await getDocument(ctx.db, ctx.fixture.storeA.id, 'landing_page')).published_version;
    /** saves a landing page draft on top of the latest and answers its version */
    const saveLanding = async (session: Session, title: string) => {
      const current = (await call(session, 'GET', '/onsite-display/landing_page')).json().data.draft_version as number;
      const saved = await call(session, 'POST', '/onsite-display/landing_page/draft', { base_version: current, document: landingWithTitle(title) });
      expect(saved.statusCode).toBe(200);
      return saved.json().data.version as number;
    };
    const scheduleOf = async (id: number) => {
      const row = await findSchedule(ctx.db, ctx.fixture.storeA.id, id);
      return row && presentSchedule(row, 'UTC');
    };
    /** a wall-clock time `hours` from now, in the store's time zone (UTC in these tests) */
    const inHours = async (session: Session, hours: number) => {
      expect((await call(session, 'POST', '/store/setting/update', { time_zone: 'UTC' })).statusCode).toBe(200);
      return new Date(ctx.clock.now().getTime() + hours * HOUR).toISOString().slice(0, 16);
    };

    it("publishes the version it holds at the store's local time, not a draft saved later, and the end restores the version before", async () => {
      const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      expect((await call(alice, 'POST', '/store/setting/update', { time_zone: 'Europe/Paris' })).statusCode).toBe(200);
      const everyday = await saveLanding(alice, 'Everyday rewards');
      expect((await call(alice, 'POST', '/onsite-display/landing_page/publish', { version: everyday })).statusCode).toBe(200);
      const weekend = await saveLanding(alice, 'Double points weekend');

      // clock: 2026-03-01 12:00 UTC; Friday 6 March 00:00 in Paris is 5 March 23:00 UTC
      const created = await call(alice, 'POST', '/onsite-display/schedules', {
        items: [{ kind: 'landing_page', version: weekend }],
        starts_at: '2026-03-06T00:00',
        ends_at: '2026-03-09T00:00',
        label: 'Double points weekend',
      });
      expect(created.statusCode).toBe(201);
      const schedule = created.json().data;
      expect(schedule).toMatchObject({
        state: 'scheduled',
        label: 'Double points weekend',
        starts_at: '2026-03-05T23:00:00.000Z',
        ends_at: '2026-03-08T23:00:00.000Z',
        time_zone: 'Europe/Paris',
        items: [{ kind: 'landing_page', version: weekend }],
        created_by: { name: 'Alice' },
      });
      // a draft saved after scheduling changes nothing of what was scheduled
      const later = await saveLanding(alice, 'Edited after scheduling');

      await runJobs();
      expect(await published()).toBe(everyday);

      ctx.clock.advance(4 * 24 * HOUR); // 5 March 12:00 UTC: not yet
      await runJobs();
      expect(await published()).toBe(everyday);

      ctx.clock.advance(12 * HOUR); // 6 March 00:00 UTC: Friday 01:00 in Paris
      await runJobs();
      expect(await published()).toBe(weekend);
      expect(await scheduleOf(schedule.id)).toMatchObject({ state: 'live', applied: [{ kind: 'landing_page', version: weekend, previous: everyday }] });
      expect((await getDocument(ctx.db, ctx.fixture.storeA.id, 'landing_page')).draft_version).toBe(later);

      ctx.clock.advance(3 * 24 * HOUR); // 9 March 00:00 UTC: Monday 01:00 in Paris
      await runJobs();
      expect(await published()).toBe(everyday);
      expect(await scheduleOf(schedule.id)).toMatchObject({ state: 'ended' });
    });

    it('publishes a due schedule once when two runners claim it, and a step run twice does nothing the second time', async () => {
      const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      const version = await saveLanding(alice, 'Launch day');
      const created = await call(alice, 'POST', '/onsite-display/schedules', { items: [{ kind: 'landing_page', version }] });
      expect(created.statusCode).toBe(201);
      let runs = 0;
      const counting: JobKind<never> = {
        ...(publishScheduleJob as JobKind<never>),
        run: async (job) => {
          runs += 1;
          return publishScheduleJob.run(job as never);
        },
      };
      await Promise.all([new JobRunner(ctx.db, ctx.clock, [counting]).drain(), new JobRunner(ctx.db, ctx.clock, [counting]).drain()]);
      expect(runs).toBe(1);
      expect(await published()).toBe(version);
      const schedule = await scheduleOf(created.json().data.id);
      expect(schedule).toMatchObject({ state: 'published', ends_at: null });
      // a takeover running the start again publishes nothing more
      const again = await Promise.all([
        runScheduleStep(ctx.db, ctx.fixture.storeA.id, { scheduleId: created.json().data.id, step: 'start' }, ctx.clock.now()),
        runScheduleStep(ctx.db, ctx.fixture.storeA.id, { scheduleId: created.json().data.id, step: 'start' }, ctx.clock.now()),
      ]);
      expect(again).toEqual([null, null]);
      expect(await scheduleOf(created.json().data.id)).toEqual(schedule);
    });

    it('cancels a schedule before it starts (nothing goes live) and the end of a live one (what it published stays)', async () => {
      const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      const before = await published();
      const version = await saveLanding(alice, 'Never shown');
      const start = await inHours(alice, 1);
      const pending = (await call(alice, 'POST', '/onsite-display/schedules', { items: [{ kind: 'landing_page', version }], starts_at: start })).json().data;
      const cancelled = await call(alice, 'POST', `/onsite-display/schedules/${pending.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ state: 'cancelled' });
      ctx.clock.advance(2 * HOUR);
      await runJobs();
      expect(await published()).toBe(before);
      const twice = await call(alice, 'POST', `/onsite-display/schedules/${pending.id}/cancel`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'schedule_finished' });

      const end = await inHours(alice, 1);
      const live = (await call(alice, 'POST', '/onsite-display/schedules', { items: [{ kind: 'landing_page', version }], ends_at: end })).json().data;
      await runJobs();
      expect(await published()).toBe(version);
      expect((await call(alice, 'POST', `/onsite-display/schedules/${live.id}/cancel`)).json().data).toMatchObject({ state: 'cancelled' });
      ctx.clock.advance(2 * HOUR);
      await runJobs();
      expect(await published()).toBe(version);
    });

    it('leaves a kind published by hand during the schedule as it is at the end', async () => {
      const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      const weekend = await saveLanding(alice, 'Weekend');
      const end = await inHours(alice, 1);
      await call(alice, 'POST', '/onsite-display/schedules', { items: [{ kind: 'landing_page', version: weekend }], ends_at: end });
      await runJobs();
      const fix = await saveLanding(alice, 'Weekend, typo fixed');
      await call(alice, 'POST', '/onsite-display/landing_page/publish', { version: fix });
      ctx.clock.advance(2 * HOUR);
      await runJobs();
      expect(await published()).toBe(fix);
    });

    it("refuses starts in the past, ends before starts and unknown versions; staff cannot schedule; another store's schedules stay out of reach", async () => {
      const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
      const version = await saveLanding(alice, 'Refusals');
      const items = [{ kind: 'landing_page', version }];
      const past = await call(alice, 'POST', '/onsite-display/schedules', { items, starts_at: '2020-01-01T00:00' });
      expect(past.statusCode).toBe(422);
      expect(Object.keys(past.json().errors)).toEqual(['starts_at']);
      const backwards = await call(alice, 'POST', '/onsite-display/schedules', { items, starts_at: '2030-01-02T00:00', ends_at: '2030-01-01T00:00' });
      expect(backwards.statusCode).toBe(422);
      expect(Object.keys(backwards.json().errors)).toEqual(['ends_at']);
      const unknown = await call(alice, 'POST', '/onsite-display/schedules', { items: [{ kind: 'landing_page', version: 999 }] });
      expect(unknown.statusCode).toBe(422);
      expect(Object.keys(unknown.json().errors)).toEqual(['items.0.version']);
      expect((await call(alice, 'POST', '/store/setting/update', { time_zone: 'Mars/Olympus' })).statusCode).toBe(422);

      const sara = await sessionOn(ctx.fixture.users.sara, ctx.fixture.storeA.id);
      expect((await call(sara, 'POST', '/onsite-display/schedules', { items })).statusCode).toBe(403);
      const mine = (await call(alice, 'POST', '/onsite-display/schedules', { items, starts_at: '2030-01-01T00:00' })).json().data;
      const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
      expect((await call(bob, 'POST', `/onsite-display/schedules/${mine.id}/cancel`)).statusCode).toBe(404);
      expect((await call(bob, 'GET', '/onsite-display/schedules')).json().data.schedules).toEqual([]);
      expect((await call(bob, 'POST', '/onsite-display/schedules', { items })).statusCode).toBe(422);
      const listed = (await call(alice, 'GET', '/onsite-display/schedules?kinds=widget')).json().data.schedules;
      expect(listed).toEqual([]);
    });
  },
  { postgres: true },
);
