import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';
import { startCustomerImport, runCustomerImport } from './import-jobs.ts';
import { json } from '../../db/normalize.ts';
import { readAccount, verifyLedger } from '../../domain/ledger/index.ts';

const GOOD = [
  'E-mail,First name,Last name,Birthday,Points,Tags',
  'ana@import.test,Ana,Ng,1990-04-01,120,vip;newsletter',
  'ben@import.test,Ben,Ode,,0,',
  'cat@import.test,Cat,,1985-12-24,35,newsletter',
].join('\n');

const BAD = [
  'email,first_name,birthday,points',
  'ok@import.test,Ok,1990-01-01,10',
  'ok@import.test,Twice,1990-01-01,10',
  'date@import.test,Date,1990-02-30,10',
  'neg@import.test,Neg,,-5',
  'short@import.test,Short',
  'enc@import.test,Bj\uFFFDrn,,1',
  'not-an-email,X,,1',
].join('\n');

describeEachDatabase(
  'customer import and invitations',
  (ctx) => {
    const storeId = () => ctx.fixture.storeB.id;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, store = storeId(), user = ctx.fixture.users.bob) => {
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store);
      return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    /** Reads the import until it finished (the in-process runner writes it between requests). */
    const finished = async (id: number) => {
      for (let attempt = 0; attempt < 500; attempt += 1) {
        const job = (await call('GET', `/data/v1/customer/import/${id}`)).json().data;
        if (job.status === 'done' || job.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the import did not finish');
    };
    const customer = (email: string) =>
      ctx.db.selectFrom('customers').selectAll().where('store_id', '=', storeId()).where('email', '=', email).executeTakeFirst();

    it('dry run reports every bad row with line, column and reason and writes nothing', async () => {
      const counts = async () =>
        [
          (
            await ctx.db
              .selectFrom('customers')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
          (
            await ctx.db
              .selectFrom('customer_imports')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
          (
            await ctx.db
              .selectFrom('ledger_entries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ].map(Number);
      const before = await counts();
      const response = await call('POST', '/data/v1/customer/import', { csv: BAD, dry_run: true });
      expect(response.statusCode, response.body).toBe(200);
      const check = response.json().data;
      expect(check.mapping).toEqual({ email: 'email', first_name: 'first_name', birthday: 'birthday', points: 'points' });
      expect(check.rows).toBe(7);
      expect(check.valid).toBe(1);
      const lines = check.problems.map((problem: { line: number; column: string; reason: string }) => [
        problem.line,
        problem.column,
        problem.reason.split(':')[0],
      ]);
      expect(lines).toEqual([
        [3, 'email', 'Duplicated email'],
        [4, 'birthday', '"1990-02-30" is not a date'],
        [5, 'points', 'Negative balance'],
        [6, 'birthday', 'Missing columns'],
        [7, 'first_name', 'Not UTF-8 text'],
        [8, 'email', '"not-an-email" is not an email address.'],
      ]);
      const refused = await call('POST', '/data/v1/customer/import', { csv: BAD });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['csv.line.4.birthday']).toContain('YYYY-MM-DD');
      const unmapped = (await call('POST', '/data/v1/customer/import', { csv: 'name,points\nx,1', dry_run: true })).json().data;
      expect(unmapped.problems[0]).toMatchObject({ line: 1, column: 'email' });
      expect(await counts()).toEqual(before);
    });

    it('imports in the background with opening balances, birthdays and tags; the same file again credits nothing', async () => {
      const check = (await call('POST', '/data/v1/customer/import', { csv: GOOD, dry_run: true })).json().data;
      expect(check).toMatchObject({ rows: 3, valid: 3, created: 3, updated: 0, unchanged: 0, skipped: 0, opening_points: 155, problems: [] });
      const started = await call('POST', '/data/v1/customer/import', { csv: GOOD });
      expect(started.statusCode, started.body).toBe(202);
      const job = await finished(started.json().data.id);
      expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, created: 3, updated: 0, points_credited: 155 });
      const ana = (await customer('ana@import.test'))!;
      expect(ana).toMatchObject({ first_name: 'Ana', last_name: 'Ng', birthday: '1990-04-01', tags: ['newsletter', 'vip'], source: 'import' });
      expect((await readAccount(ctx.db, storeId(), ana.id, ctx.clock.now())).balance).toBe(120);

      const recheck = (await call('POST', '/data/v1/customer/import', { csv: GOOD, dry_run: true })).json().data;
      expect(recheck).toMatchObject({ rows: 3, valid: 3, created: 0, updated: 0, unchanged: 3, skipped: 0, opening_points: 0 });
      const again = await finished((await call('POST', '/data/v1/customer/import', { csv: GOOD })).json().data.id);
      expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 3, skipped: 0, points_credited: 0 });
      expect((await readAccount(ctx.db, storeId(), ana.id, ctx.clock.now())).balance).toBe(120);
      const history = (await call('POST', '/data/v1/transaction/points', { customer_id: ana.id, limit: 10, page: 1 })).json().data.data;
      expect(history).toHaveLength(1);
      expect(history[0].computation).toContain('opening balance imported');
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('with skip bad rows imports the good rows and lists the bad ones with line and reason; without it nothing', async () => {
      const refused = await call('POST', '/data/v1/customer/import', { csv: BAD.replaceAll('@import.test', '@skip.test') });
      expect(refused.statusCode).toBe(422);
      const csv = BAD.replaceAll('@import.test', '@skip.test') + '\nfine@skip.test,Fine,,7';
      const check = (await call('POST', '/data/v1/customer/import', { csv, dry_run: true, skip_bad_rows: true })).json().data;
      expect(check).toMatchObject({ rows: 8, valid: 2, created: 2, skipped: 6, opening_points: 17, whole_file: false });
      const started = await call('POST', '/data/v1/customer/import', { csv, skip_bad_rows: true });
      expect(started.statusCode, started.body).toBe(202);
      const job = await finished(started.json().data.id);
      expect(job).toMatchObject({ status: 'done', total: 2, created: 2, skipped: 6, points_credited: 17 });
      expect(job.skipped_rows.map((problem: { line: number }) => problem.line)).toEqual([3, 4, 5, 6, 7, 8]);
      expect(job.skipped_rows[1]).toMatchObject({ line: 4, column: 'birthday' });
      expect(job.skipped_rows[1].reason).toContain('YYYY-MM-DD');
      expect((await customer('ok@skip.test'))?.first_name).toBe('Ok');
      expect(await customer('date@skip.test')).toBeUndefined();
      // a problem of the whole file (no email column) is never skipped; nor is a file of bad rows only
      const unmapped = await call('POST', '/data/v1/customer/import', { csv: 'name,points\nx,1', skip_bad_rows: true });
      expect(unmapped.statusCode).toBe(422);
      const allBad = await call('POST', '/data/v1/customer/import', { csv: 'email\nnot-an-email', skip_bad_rows: true });
      expect(allBad.statusCode).toBe(422);
      expect(await customer('not-an-email')).toBeUndefined();
    });

    it('the dry run promises what the import credits: nothing to the holdout group, guests or customers already credited', async () => {
      const setHoldout = (percent: number) =>
        ctx.db
          .updateTable('stores')
          .set({ settings: sql`coalesce(settings, '{}'::jsonb) || jsonb_build_object('holdout_percent', ${percent}::integer)` })
          .where('id', '=', storeId())
          .execute();
      const first = ['email,points', ...Array.from({ length: 40 }, (_, n) => `early${n}@dry.test,${n + 1}`)].join('\n');
      await finished((await call('POST', '/data/v1/customer/import', { csv: first })).json().data.id);
      await ctx.db
        .insertInto('customers')
        .values([
          { store_id: storeId(), email: 'guest@dry.test', first_name: 'Gil', last_name: '', program_status: 'guest' },
          { store_id: storeId(), email: 'held@dry.test', first_name: 'Hal', last_name: '', holdout: true },
          { store_id: storeId(), email: 'plain@dry.test', first_name: 'Pam', last_name: '' },
        ])
        .execute();
      await setHoldout(20);
      try {
        // the 40 already credited, 3 existing ones (a guest, one held out, one never credited), 60 new of which some are drawn for the holdout
        const csv = [
          'email,first_name,points',
          ...Array.from({ length: 40 }, (_, n) => `early${n}@dry.test,${n === 0 ? 'Renamed' : ''},${1000 + n}`),
          'guest@dry.test,Gil,500',
          'held@dry.test,Hal,500',
          'plain@dry.test,Pam,9',
          ...Array.from({ length: 60 }, (_, n) => `late${n}@dry.test,,${n + 1}`),
        ].join('\n');
        const check = (await call('POST', '/data/v1/customer/import', { csv, dry_run: true })).json().data;
        const job = await finished((await call('POST', '/data/v1/customer/import', { csv })).json().data.id);
        expect(check).toMatchObject({ valid: 103, created: 60, updated: 1, unchanged: 42 });
        expect(job).toMatchObject({ status: 'done', created: 60, updated: 1, unchanged: 42 });
        const held = await ctx.db
          .selectFrom('customers')
          .select('email')
          .where('store_id', '=', storeId())
          .where('email', 'like', 'late%')
          .where('holdout', '=', true)
          .execute();
        const heldPoints = held.reduce((sum, row) => sum + Number(row.email.slice(4, row.email.indexOf('@'))) + 1, 0);
        expect(held.length).toBeGreaterThan(0);
        expect(job.points_credited).toBe(9 + (60 * 61) / 2 - heldPoints);
        expect(check.opening_points).toBe(job.points_credited);
        expect((await customer('guest@dry.test'))?.program_status).toBe('guest');
      } finally {
        await setHoldout(0);
      }
      expect(await verifyLedger(ctx.db, storeId())).toEqual([]);
    });

    it('resumes an import a stopped process left running, crediting nothing twice', async () => {
      const csv = ['email,points', ...Array.from({ length: 7 }, (_, n) => `resume${n}@import.test,${n + 1}`)].join('\n');
      const { id } = (await call('POST', '/data/v1/customer/import', { csv })).json().data;
      const done = await finished(id);
      expect(done.points_credited).toBe(28);
      // as if the process stopped half-way: running, stale, its rows back and the progress at 3
      const rows = Array.from({ length: 7 }, (_, n) => ({
        line: n + 2,
        email: `resume${n}@import.test`,
        first_name: '',
        last_name: '',
        birthday: null,
        points: n + 1,
        tags: [],
      }));
      await ctx.db
        .updateTable('customer_imports')
        .set({ status: 'running', processed: 3, rows: json(rows), updated_at: new Date(ctx.clock.now().getTime() - 120_000) })
        .where('id', '=', id)
        .execute();
      const claimed = (await startCustomerImport(ctx.db, id, ctx.clock.now()))!;
      expect(claimed.processed).toBe(3);
      const resumed = await runCustomerImport(ctx.db, claimed, () => ctx.clock.now(), 2);
      expect(resumed).toMatchObject({ status: 'done', processed: 7, points_credited: 28 });
      const six = (await customer('resume6@import.test'))!;
      expect((await readAccount(ctx.db, storeId(), six.id, ctx.clock.now())).balance).toBe(7);
    });

    it("hides another store's import and invites its own past customers once", async () => {
      const { id } = (await call('POST', '/data/v1/customer/import', { csv: 'email\nother@import.test' })).json().data;
      await finished(id);
      expect((await call('GET', `/data/v1/customer/import/${id}`, undefined, ctx.fixture.storeA.id, ctx.fixture.users.alice)).statusCode).toBe(404);

      const guest = await ctx.db
        .insertInto('customers')
        .values({ store_id: storeId(), first_name: 'Gus', last_name: 'Guest', email: 'gus@import.test', program_status: 'guest' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const first = await call('POST', '/api/v1/customer/invite', {});
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.invited).toBeGreaterThanOrEqual(1);
      expect((await call('POST', '/api/v1/customer/invite', { customer_ids: [guest.id] })).json().data.invited).toBe(0);
      const other = await call('POST', '/api/v1/customer/invite', { customer_ids: [guest.id] }, ctx.fixture.storeA.id, ctx.fixture.users.alice);
      expect(other.statusCode).toBe(404);
    });
  },
  { postgres: true, workers: ['jobs'] },
);
