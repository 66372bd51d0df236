import { sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { buildApp } from '../../server/http/app.ts';
import { ManualClock } from './server.ts';
import { scratchPostgresDatabase } from './postgres.ts';
import { seedFixture, type Fixture } from './server-fixture.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server of TEST_DATABASE_URL too when it is set (CI sets it). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;
/** The run's migrated PGlite cluster (tests/helpers/db-templates.ts), read once per file. */
function migratedPglite(): Promise<Blob> {
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
 * never see each other's data. Both start from the run's migrated templates.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ loadDataDir: await migratedPglite() });
    await migrateToLatest(db); // nothing to do when the template is current
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set.');
  const scratch = await scratchPostgresDatabase(adminUrl, 'ls_t', inject('postgresTemplate') || undefined);
  const db = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
  await migrateToLatest(db);
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
}

export interface SuiteOptions {
  /** config overrides; tests default to a generous login rate limit */
  config?: Partial<Config>;
}

/**
 * Runs a suite once per backend, each on its own fresh database with the two-store fixture
 * and one app (Fastify `inject`), created once per file and backend, not per test.
 */
export function describeEachDatabase(name: string, body: (ctx: TestContext) => void, options: SuiteOptions = {}): void {
  for (const backend of BACKENDS) {
    describe(`${name} [${backend}]`, () => {
      const ctx = { backend } as TestContext;
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(backend);
        ctx.db = database.db;
        ctx.clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
        ctx.config = { ...loadConfig({}), consoleDir: '/nonexistent', seedDemo: false, loginAttemptsPerMinute: 1000, ...options.config };
        ctx.app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logLevel: 'silent' });
        await ctx.app.ready();
        ctx.fixture = await seedFixture(ctx.db);
      });
      afterAll(async () => {
        await ctx.app?.close();
        await database?.drop();
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
