import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { signInOnStore } from '../../../tests/helpers/server.ts';

describeEachDatabase(
  'customer export as a background job',
  (ctx) => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: object, store = ctx.fixture.storeB.id, user = ctx.fixture.users.bob) => {
      const { headers } = await signInOnStore(ctx.app, user, ctx.fixture.password, store);
      return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };

    it('runs in the background with progress, downloads the same CSV as the direct export, then is dismissed', async () => {
      const rows = Array.from({ length: 2500 }, (_, index) => ({
        store_id: ctx.fixture.storeB.id,
        first_name: index === 7 ? '@SUM(A1)' : `Job${index}`,
        last_name: 'Export',
        email: `job.${index}@export.test`,
        source: index % 2 ? 'import' : 'order',
      }));
      await ctx.db.insertInto('customers').values(rows).execute();
      const started = await call('POST', '/data/v1/customer/export', { search: 'export.test', source: 'import', background: true });
      expect(started.statusCode).toBe(202);
      const job = started.json().data;
      expect(job).toMatchObject({ status: 'queued', total: 1250, processed: 0 });
      let status = job;
      for (let tries = 0; status.status !== 'done' && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await call('GET', `/data/v1/customer/export/${job.id}`)).json().data;
      }
      expect(status).toMatchObject({ status: 'done', processed: 1250, total: 1250 });
      const file = await call('GET', `/data/v1/customer/export/${job.id}/file`);
      expect(file.headers['content-type']).toContain('text/csv');
      const direct = await call('POST', '/data/v1/customer/export', { search: 'export.test', source: 'import' });
      expect(file.body).toBe(direct.body);
      expect(file.body.trim().split('\r\n')).toHaveLength(1251);

      const formula = await call('POST', '/data/v1/customer/export', { search: 'job.7@' });
      expect(formula.body).toContain(`"'@SUM(A1)"`);

      // another store sees none of it
      const alice = [ctx.fixture.storeA.id, ctx.fixture.users.alice] as const;
      expect((await call('GET', `/data/v1/customer/export/${job.id}`, undefined, ...alice)).statusCode).toBe(404);
      expect((await call('GET', `/data/v1/customer/export/${job.id}/file`, undefined, ...alice)).statusCode).toBe(404);
      expect((await call('POST', '/data/v1/customer/export/dismiss', { id: job.id }, ...alice)).statusCode).toBe(404);

      expect((await call('POST', '/data/v1/customer/export/dismiss', { id: job.id })).json().data.dismissed).toBe(true);
      expect((await call('GET', `/data/v1/customer/export/${job.id}`)).statusCode).toBe(404);
      expect(await ctx.db.selectFrom('customer_export_chunks').select('seq').where('export_id', '=', job.id).execute()).toEqual([]);
    });

    it('counts the chosen customers of a background export, each once even with a line break in a cell', async () => {
      const chosen = await ctx.db
        .insertInto('customers')
        .values([
          { store_id: ctx.fixture.storeB.id, first_name: 'Two\r\nLines', last_name: 'Chosen', email: 'two.lines@chosen.test' },
          { store_id: ctx.fixture.storeB.id, first_name: 'One', last_name: 'Chosen', email: 'one.line@chosen.test' },
          { store_id: ctx.fixture.storeB.id, first_name: 'Not', last_name: 'Chosen', email: 'not@chosen.test' },
        ])
        .returning('id')
        .execute();
      const ids = chosen.slice(0, 2).map((row) => row.id);
      const started = await call('POST', '/data/v1/customer/export', { customer_ids: ids, background: true });
      expect(started.json().data).toMatchObject({ status: 'queued', total: 2 });
      let status = started.json().data;
      for (let tries = 0; status.status !== 'done' && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await call('GET', `/data/v1/customer/export/${status.id}`)).json().data;
      }
      expect(status).toMatchObject({ status: 'done', processed: 2, total: 2 });
      const file = (await call('GET', `/data/v1/customer/export/${status.id}/file`)).body;
      expect(file).toContain('"Two\r\nLines"');
      expect(file).not.toContain('not@chosen.test');
      expect(file).toBe((await call('POST', '/data/v1/customer/export', { customer_ids: ids })).body);
      expect((await call('POST', '/data/v1/customer/export/dismiss', { id: status.id })).json().data.dismissed).toBe(true);
    });

    it('round trip: a file the export wrote imports into another store with the same tags, names and birthdays', async () => {
      const people = [
        { first_name: 'Tia', last_name: 'Two', email: 'tia@roundtrip.test', birthday: '1991-03-04', tags: ['newsletter', 'vip'] },
        { first_name: 'Una', last_name: 'One', email: 'una@roundtrip.test', birthday: null, tags: ['wholesale'] },
        { first_name: 'Nel', last_name: 'None', email: 'nel@roundtrip.test', birthday: null, tags: [] },
      ];
      await ctx.db
        .insertInto('customers')
        .values(people.map((person) => ({ ...person, store_id: ctx.fixture.storeB.id, tags: JSON.stringify(person.tags) })))
        .execute();
      const file = await call('POST', '/data/v1/customer/export', { search: 'roundtrip.test' });
      expect(file.body.split('\r\n')[0]).toContain(',tags');

      const alice = [ctx.fixture.storeA.id, ctx.fixture.users.alice] as const;
      const check = (await call('POST', '/data/v1/customer/import', { csv: file.body, dry_run: true }, ...alice)).json().data;
      expect(check).toMatchObject({ rows: 3, valid: 3, problems: [] });
      expect(check.mapping.tags).toBe('tags');
      const started = await call('POST', '/data/v1/customer/import', { csv: file.body, mapping: check.mapping }, ...alice);
      expect(started.statusCode, started.body).toBe(202);
      let job = started.json().data;
      for (let tries = 0; job.status !== 'done' && job.status !== 'failed' && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        job = (await call('GET', `/data/v1/customer/import/${job.id}`, undefined, ...alice)).json().data;
      }
      expect(job).toMatchObject({ status: 'done', created: 3 });
      const imported = await ctx.db
        .selectFrom('customers')
        .select(['email', 'first_name', 'last_name', 'birthday', 'tags'])
        .where('store_id', '=', ctx.fixture.storeA.id)
        .where('email', 'like', '%@roundtrip.test')
        .orderBy('email')
        .execute();
      expect(imported).toEqual(
        [...people]
          .sort((a, b) => a.email.localeCompare(b.email))
          .map(({ email, first_name, last_name, birthday, tags }) => ({ email, first_name, last_name, birthday, tags })),
      );
      const tagRows = await ctx.db
        .selectFrom('customer_tags')
        .select('tag')
        .where('store_id', '=', ctx.fixture.storeA.id)
        .where('tag', 'in', ['newsletter', 'vip', 'wholesale'])
        .execute();
      expect(tagRows.map((row) => row.tag).sort()).toEqual(['newsletter', 'vip', 'wholesale']);
    });

    it('refuses a bad export body with a 422 and starts nothing', async () => {
      for (const body of [{ background: 'yes' }, { sort_by: 'secret' }, { customer_ids: ['x'] }, { unknown: 1 }]) {
        const response = await call('POST', '/data/v1/customer/export', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect(await ctx.db.selectFrom('customer_exports').select('id').where('store_id', '=', ctx.fixture.storeB.id).execute()).toEqual([]);
    });
  },
  { workers: ['jobs'] },
);
