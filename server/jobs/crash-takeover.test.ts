/**
 * Every kind of program job survives a kill -9 of the process running it. Real server processes
 * (`server/main.ts` with `WORKERS=jobs,emails`) share one PostgreSQL database: the first is killed
 * while it holds every job — a customer import, an order import, an export, a VIP apply, an award
 * grant and the email outbox's pass — and a second one, started after, takes each over once it has
 * been silent for the stall window (JOBS_STALLED_AFTER_SECONDS: a minute in production, seconds
 * here) and finishes it from its last checkpoint, with every result exact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { queueEmails } from '../modules/emails/index.ts';
import type { JobsTable } from '../domain/jobs/tables.ts';
import { buildApp } from '../http/app.ts';
import { scratchPostgresDatabase } from '../../tests/helpers/postgres.ts';
import { seedFixture, type Fixture } from '../../tests/helpers/server-fixture.ts';
import { signInOnStore } from '../../tests/helpers/server.ts';
import { startSmtpPeer } from '../../tests/helpers/smtp.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const STALLED_AFTER_SECONDS = 2;
const BULK = 12_000;
const IMPORTED = 8_000;
const ORDERS = 3_000;
const EMAILS = 300;
const PLACED_AT = '2026-02-20T10:00:00Z';

type Job = Pick<Selectable<JobsTable>, 'id' | 'kind' | 'state' | 'claimed_by' | 'progress' | 'total' | 'attempts'>;

const KINDS = ['customers.import', 'orders.import', 'customers.export', 'vip.apply', 'awards.grant', 'emails.deliver'];

/** A server process as production starts one, running this database's jobs and emails. */
function startProcess(url: string, smtpUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      WORKERS: 'jobs,emails',
      SMTP_URL: smtpUrl,
      JOBS_STALLED_AFTER_SECONDS: String(STALLED_AFTER_SECONDS),
    },
  });
  return child;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

/** Polls `read` until `done` holds of its value; a hang ends at the test's own budget. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!adminUrl)('a kill -9 of the process running the jobs [postgres]', () => {
  let db: Db;
  let app: FastifyInstance;
  let fixture: Fixture;
  let drop: () => Promise<void>;
  let url: string;
  const smtp = startSmtpPeer({ delayMs: 20 });
  const processes: ChildProcess[] = [];

  beforeAll(async () => {
    const scratch = await scratchPostgresDatabase(adminUrl!, 'ls_crash', inject('postgresTemplate') || undefined);
    ({ url, drop } = scratch);
    db = await openDatabase({ databaseUrl: url, maxConnections: 4 });
    fixture = await seedFixture(db);
    // the requests that make the work run in no process of their own: the processes below do it
    app = await buildApp({ config: { ...loadConfig({}), databaseUrl: url, consoleDir: '/nonexistent', seedDemo: false, workers: [] }, db, logLevel: 'silent' });
    await app.ready();
  });

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await Promise.all(processes.map(stopped));
    await app?.close();
    await db?.destroy();
    await (await smtp).close();
    await drop?.();
  });

  it('a second process takes over every job the killed one held, and each result is exact', { timeout: 300_000 }, async () => {
    const store = fixture.storeB;
    const { headers } = await signInOnStore(app, fixture.users.bob, fixture.password, store.id);
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const response = await app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(300);
      return response.json().data;
    };

    // the store's customers: the export, the award and the VIP apply each go through all of them
    await sql`
      insert into customers (store_id, first_name, last_name, email, tags)
      select ${store.id}, 'Bulk', 'Customer ' || n, 'bulk.' || n || '@crash.test', '["bulk"]'::jsonb from generate_series(1, ${BULK}) as n`.execute(db);
    await sql`analyze`.execute(db); // as autovacuum would after a bulk load: the filters' plans see them
    const csv = ['email,first_name,points', ...Array.from({ length: IMPORTED }, (_, n) => `new.${n}@import.test,New${n},5`)].join('\n');
    const customerImport = await call('POST', '/data/v1/customer/import', { csv });
    const orders = Array.from({ length: ORDERS }, (_, n) => ({
      order_id: `crash-${n}`,
      email: `bulk.${(n % BULK) + 1}@crash.test`,
      items: '20',
      total: '20',
      placed_at: PLACED_AT,
    }));
    const orderImport = await call('POST', '/data/v1/order/import', { format: 'json', orders });
    const customerExport = await call('POST', '/data/v1/customer/export', { search: 'bulk.', background: true });
    await call('POST', '/api/v1/vip/settings/store', { basis: 'points', period: 'lifetime', fall_below: 'drop' });
    await call('POST', '/api/v1/vip/store', { name: 'Silver', threshold: 100 });
    const award = await call('POST', '/api/v1/award/update', { name: 'Crash thanks', points: 7, filter: { tag: 'bulk' } });
    await call('GET', `/api/v1/award/grant?award_id=${award.id}`);
    const rendered = { subject: 'Crash', html: '<p>Crash</p>', text: 'Crash' };
    const mailTo = (n: number) => `mail.${n}@crash.test`;
    await queueEmails(
      db,
      Array.from({ length: EMAILS }, (_, n) => ({
        storeId: store.id,
        customerId: null,
        key: 'referral-received' as const,
        eventKey: `crash:${n}`,
        to: mailTo(n),
        data: {},
        rendered,
      })),
      new Date(),
    );

    const jobs = () =>
      db.selectFrom('jobs').select(['id', 'kind', 'state', 'claimed_by', 'progress', 'total', 'attempts']).where('kind', 'in', KINDS).execute();
    // queued (saving the VIP settings and then a tier queued an apply each); the email pass is made by the processes
    expect(new Set((await jobs()).map((job) => job.kind))).toEqual(new Set(KINDS.filter((kind) => kind !== 'emails.deliver')));

    // the first process claims every job; it is killed once each has made progress (the email pass: some sent)
    const { url: smtpUrl, received } = await smtp;
    const first = startProcess(url, smtpUrl);
    processes.push(first);
    // (one job of a kind runs at a time per process: the second VIP apply waits for the first)
    const underWay = (rows: Job[]) =>
      KINDS.every((kind) =>
        rows.some((job) => job.kind === kind && job.state === 'running' && (kind === 'emails.deliver' ? received.length > 0 : job.progress > 0)),
      );
    await until(jobs, (rows) => underWay(rows) || rows.some((job) => job.state === 'done'));
    first.kill('SIGKILL');
    await stopped(first);
    const held = await jobs();
    expect(
      held.filter((job) => job.state === 'done').map((job) => job.kind),
      'finished before every job was under way',
    ).toEqual([]);
    expect(new Set(held.filter((job) => job.state === 'running').map((job) => job.claimed_by)).size).toBe(1);
    expect(received.length).toBeLessThan(EMAILS);

    const second = startProcess(url, smtpUrl);
    processes.push(second);
    const finished = await until(jobs, (rows) => rows.every((job) => (job.kind === 'emails.deliver' ? job.state === 'queued' : job.state === 'done')));
    const emailsLeft = () => db.selectFrom('email_outbox').select('status').where('status', '!=', 'sent').where('to_address', 'like', '%@crash.test').execute();
    await until(emailsLeft, (rows) => rows.length === 0);
    second.kill('SIGTERM');
    await stopped(second);

    // taken over: another claim of each (the email pass, a recurring job, starts its count again each run)
    const killed = held.filter((job) => job.state === 'running' && job.kind !== 'emails.deliver');
    for (const job of killed) expect(finished.find((row) => row.id === job.id)!.attempts, job.kind).toBe(job.attempts + 1);

    // the customer import: every row once, its opening points once
    expect(await call('GET', `/data/v1/customer/import/${customerImport.id}`)).toMatchObject({ status: 'done', processed: IMPORTED, created: IMPORTED });
    const opening = await sql<{ customers: number; entries: number; points: number }>`
      select count(distinct c.id)::int as customers, count(l.id)::int as entries, coalesce(sum(l.points), 0)::int as points
      from customers c left join ledger_entries l on l.customer_id = c.id
      where c.store_id = ${store.id} and c.email like '%@import.test'`.execute(db);
    expect(opening.rows[0]).toEqual({ customers: IMPORTED, entries: IMPORTED, points: 5 * IMPORTED });

    // the order import: every order once
    expect(await call('GET', `/data/v1/order/import/${orderImport.id}`)).toMatchObject({ status: 'done', total: ORDERS });
    const imported = await sql<{ orders: number; distinct: number }>`
      select count(*)::int as orders, count(distinct external_id)::int as distinct from orders where store_id = ${store.id} and placed_at = ${PLACED_AT}::timestamptz`.execute(
      db,
    );
    expect(imported.rows[0]).toEqual({ orders: ORDERS, distinct: ORDERS });

    // the export: the customers that existed when it was asked for, each once
    const file = await app.inject({ method: 'GET', url: `/data/v1/customer/export/${customerExport.id}/file`, headers });
    const emails = file.body.match(/bulk\.\d+@crash\.test/g) ?? [];
    expect([emails.length, new Set(emails).size]).toEqual([BULK, BULK]);

    // the award: once to each tagged customer
    const awarded = await sql<{ customers: number; entries: number }>`
      select count(distinct customer_id)::int as customers, count(*)::int as entries from ledger_entries
      where store_id = ${store.id} and source_type = 'award'`.execute(db);
    expect(awarded.rows[0]).toEqual({ customers: BULK, entries: BULK });

    // the VIP apply went through every customer; the outbox mailed everyone (a mail under way at the kill may go twice)
    for (const vip of finished.filter((job) => job.kind === 'vip.apply')) expect(vip.progress).toBeGreaterThanOrEqual(BULK);
    const mailed = new Set(received.flatMap((mail) => mail.to));
    expect(Array.from({ length: EMAILS }, (_, n) => mailTo(n)).filter((to) => !mailed.has(to))).toEqual([]);
  });
});
