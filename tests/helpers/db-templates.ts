// Vitest global setup: every suite's database starts from a migrated copy.
// PGlite: a migrated cluster dumped to a tarball in .cache (loading it skips initdb and the
// migrations: ~0.5 s instead of ~3 s per database), kept across runs under a name made of what it
// was made from (the migrations, the migrator, PGlite's version): a run whose migrations are
// unchanged loads the kept one instead of paying initdb and every migration again.
// PostgreSQL (TEST_DATABASE_URL): a migrated template database that suites copy with
// CREATE DATABASE … TEMPLATE, made once per run.
// Vitest calls this setup once for each project that has it (the root and the projects extending
// it), all in its main process: the calls share one preparation through the global object, and
// the last teardown cleans up.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { PGlitePool } from '../../server/db/pglite-pool.ts';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { dropDatabasesNamed, scratchPostgresDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** path of the migrated PGlite tarball */
    pgliteTemplate: string;
    /** name of the migrated PostgreSQL template database ('' without TEST_DATABASE_URL) */
    postgresTemplate: string;
    /** prefix of the PostgreSQL databases the run's workers keep (dropped at the end of the run) */
    workerDatabasePrefix: string;
  }
}

interface Templates {
  pgliteTemplate: string;
  postgresTemplate: string;
  workerDatabasePrefix: string;
  teardown(): Promise<void>;
}

const root = process.cwd();
const folder = join(root, '.cache', 'test-db');
/** How many kept tarballs stay (the most recently used): a checkout switching between branches reuses each. */
const KEEP = 3;

/** What a migrated cluster depends on: every migration, the migrator and PGlite's version. */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  const migrations = join(root, 'server', 'db', 'migrations');
  const sources = [
    ...readdirSync(migrations)
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
      .sort()
      .map((file) => join(migrations, file)),
    ...['migrate.ts', 'normalize.ts', 'pglite-pool.ts'].map((file) => join(root, 'server', 'db', file)),
    join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ];
  for (const source of sources) hash.update(source.slice(root.length)).update(readFileSync(source));
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite tarball for the current migrations: the kept one, or made now (written whole, then renamed into place). */
async function pgliteTarball(): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const name = `pglite-migrated-${pgliteTemplateKey()}.tar`;
  const tarball = join(folder, name);
  if (existsSync(tarball)) {
    // its modification time says when a run last used it
    const now = new Date();
    utimesSync(tarball, now, now);
    return tarball;
  }
  const pool = await PGlitePool.open();
  const pglite = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(pglite);
  const partial = `${tarball}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await (await pool.pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.destroy();
  renameSync(partial, tarball);
  const kept = readdirSync(folder)
    .filter((file) => /^pglite-migrated-[0-9a-f]+\.tar$/.test(file))
    .map((file) => ({ path: join(folder, file), used: statSync(join(folder, file)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of kept.slice(KEEP)) rmSync(path, { force: true });
  // what a run that died left half written
  for (const file of readdirSync(folder)) {
    const path = join(folder, file);
    if (!/^pglite-migrated-[0-9a-f]+\.tar$/.test(file) && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
  }
  return tarball;
}

async function prepare(): Promise<Templates> {
  const pgliteTemplate = await pgliteTarball();
  const workerDatabasePrefix = `ls_w${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { pgliteTemplate, postgresTemplate: '', workerDatabasePrefix, teardown: async () => {} };
  const template = await scratchPostgresDatabase(adminUrl, 'ls_tpl');
  const db = await openDatabase({ databaseUrl: template.url, maxConnections: 1 });
  await migrateToLatest(db);
  await db.destroy();
  return {
    pgliteTemplate,
    postgresTemplate: new URL(template.url).pathname.slice(1),
    workerDatabasePrefix,
    async teardown() {
      await dropDatabasesNamed(adminUrl, `${workerDatabasePrefix}_`);
      await template.drop();
    },
  };
}

interface Shared {
  templates: Promise<Templates>;
  users: number;
}
const SHARED = Symbol.for('loyalty-studio.test-db-templates');
const global = globalThis as typeof globalThis & { [SHARED]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (global[SHARED] ??= { templates: prepare(), users: 0 });
  shared.users += 1;
  const templates = await shared.templates;
  project.provide('pgliteTemplate', templates.pgliteTemplate);
  project.provide('postgresTemplate', templates.postgresTemplate);
  project.provide('workerDatabasePrefix', templates.workerDatabasePrefix);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete global[SHARED];
    await templates.teardown();
  };
}
