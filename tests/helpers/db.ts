import { sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, WORKER_ROLES, type Config, type WorkerRole } from '../../server/config.ts';
import type { Workers } from '../../server/workers.ts';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { ManualClock } from './server.ts';
import { scratchPostgresDatabase } from './postgres.ts';
import { seedFixture, type Fixture } from './server-fixture.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server of TEST_DATABASE_URL too when it is set (CI sets it). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The databases a suite runs on: PGlite, and PostgreSQL too (when TEST_DATABASE_URL is set) for
 * the suites whose behaviour can differ by database — concurrency and locks (PGlite has one
 * connection), the `pg` driver's types, several processes. The HTTP contract, permissions and
 * domain rules are the same SQL on both and run once.
 */
export const backendsFor = (postgres: boolean | undefined): Backend[] => (postgres ? BACKENDS : ['pglite']);

let pgliteTemplate: Promise<Blob> | undefined;
/** The run's migrated PGlite cluster (tests/helpers/db-templates.ts), read once per worker: loading it skips initdb. */
export function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

export interface TestDatabase {
  db: Db;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: an in-memory PGlite, or a new database `ls_t_<random>` on the
 * TEST_DATABASE_URL server (created through that admin URL and dropped afterwards), so runs
 * never see each other's data. Both start from the run's migrated templates, which are current
 * (tests/helpers/db-templates.ts migrates them, and names the kept PGlite one after its
 * migrations): a copy needs no migrating, and its tables are empty.
 */
export async function createTestDatabase(backend: Backend, prefix = 'ls_t'): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ loadDataDir: await migratedPglite() });
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const template = inject('postgresTemplate') || undefined;
  const scratch = await scratchPostgresDatabase(adminUrl, prefix, template);
  const db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
  if (!template) await migrateToLatest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      await scratch.drop();
    },
  };
}

export interface TestContext {
  backend: Backend;
  db: Db;
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  fixture: Fixture;
  /** the workers the suite asked for (options.workers); their roles' fields are null otherwise */
  workers: Workers;
}

export interface SuiteOptions {
  /** config overrides; tests default to a generous login rate limit */
  config?: Partial<Config>;
  /** run on PostgreSQL too: the suite's behaviour can differ by database (see backendsFor) */
  postgres?: boolean;
  /** start the process's workers (server/workers.ts) beside the app: `true` for every role */
  workers?: boolean | WorkerRole[];
  /** the app's log at this level, written to this destination (silent otherwise) */
  log?: { level: string; destination: { write(line: string): void } };
}

/**
 * One database per backend for each test worker (Vitest runs a worker's files one after another,
 * sharing modules), emptied for every file that takes it: a file starts on empty tables with fresh
 * identities, as on a new copy of the template, without paying PGlite's 3–7 s load each time.
 */
const workerDatabases = new Map<Backend, Promise<TestDatabase>>();
/** The worker's databases no file has taken yet: a fresh copy of the template is empty already. */
const untaken = new Set<Backend>();

/** A table at most this large (8 kB pages) is emptied by a delete; a larger one is truncated (its space freed). */
const DELETE_PAGES = 8;

/**
 * Every table but the migrations' own emptied, and every sequence a file used restarted. PGlite:
 * in one statement, the tables with rows deleted from (FK and other triggers off: every table is
 * emptied) and only the tables past a few pages truncated: a TRUNCATE makes new files for each
 * table and its indexes (~100–150 ms for the 69 tables each time, a delete of a file's rows
 * ~15–30 ms), and the dead rows a delete leaves stay few (past DELETE_PAGES the next file's
 * truncate frees them). PostgreSQL: one TRUNCATE of every table.
 */
async function emptyTables(db: Db, backend: Backend): Promise<void> {
  if (backend === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely_migration%'`.execute(db);
    await sql.raw(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`).execute(db);
    // pg-boss keeps its queues in its own schema: a file's leftover jobs never reach the next file's app
    await sql`drop schema if exists pgboss cascade`.execute(db);
    return;
  }
  await sql`
    do $$
    declare
      tables text[] := array(
        select format('%I.%I', schemaname, tablename) from pg_tables
        where schemaname = 'public' and tablename not like 'kysely_migration%');
      large text[] := '{}';
      target text;
      has_rows boolean;
    begin
      set local session_replication_role = replica;
      foreach target in array tables loop
        execute format('select exists (select from %s)', target) into has_rows;
        if pg_table_size(target::regclass) > ${sql.lit(DELETE_PAGES * 8192)} then
          large := large || target;
        elsif has_rows then
          execute format('delete from %s', target);
        end if;
      end loop;
      if cardinality(large) > 0 then
        execute 'truncate ' || array_to_string(large, ', ') || ' cascade';
      end if;
      perform setval(format('%I.%I', schemaname, sequencename), 1, false)
      from pg_sequences where schemaname = 'public' and last_value is not null;
    end $$`.execute(db);
}

/** This worker's database of `backend`, emptied: the caller has it until its file ends. */
export async function workerDatabase(backend: Backend): Promise<Db> {
  let database = workerDatabases.get(backend);
  if (!database) {
    // named after the run: its global teardown drops what the workers leave
    database = createTestDatabase(backend, inject('workerDatabasePrefix'));
    workerDatabases.set(backend, database);
    untaken.add(backend);
  }
  const { db } = await database;
  if (!untaken.delete(backend)) await emptyTables(db, backend);
  return db;
}

/**
 * Runs a suite once per backend (`options.postgres`: PostgreSQL too), on the worker's emptied
 * database with the three-store fixture and one app (Fastify `inject`), made once per file and
 * backend, not per test.
 */
export function describeEachDatabase(name: string, body: (ctx: TestContext) => void, options: SuiteOptions = {}): void {
  for (const backend of backendsFor(options.postgres)) {
    describe(`${name} [${backend}]`, () => {
      const ctx = { backend } as TestContext;
      beforeAll(async () => {
        // the app's modules (every route) load while the database does
        const [db, { buildApp }, { startWorkers }] = await Promise.all([
          workerDatabase(backend),
          import('../../server/http/app.ts'),
          import('../../server/workers.ts'),
        ]);
        ctx.db = db;
        ctx.clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
        ctx.config = { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false, loginAttemptsPerMinute: 1000, ...options.config };
        ctx.app = await buildApp({
          config: ctx.config,
          db: ctx.db,
          clock: ctx.clock,
          logLevel: options.log?.level ?? 'silent',
          logDestination: options.log?.destination,
        });
        await ctx.app.ready();
        ctx.fixture = await seedFixture(ctx.db);
        const roles = options.workers === true ? WORKER_ROLES : options.workers || [];
        ctx.workers = await startWorkers(ctx.app, roles);
      });
      afterAll(async () => {
        await ctx.workers?.stop();
        await ctx.app?.close();
      });
      body(ctx);
    });
  }
}

/** Every row of every table (bytea as hex), to prove a request changed nothing. */
export async function snapshotTables(db: Db): Promise<string> {
  const tables = ['users', 'stores', 'memberships', 'sessions', 'login_codes', 'channels', 'media', 'customers', 'orders', 'settings_documents'] as const;
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db);
    parts.push(`${table}:${JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value))}`);
  }
  return parts.join('\n');
}
