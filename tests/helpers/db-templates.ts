// Vitest global setup: every suite's database starts from a migrated copy.
// PGlite: a migrated cluster dumped to a tarball in .cache (loading it skips initdb and the
// migrations: ~0.5 s instead of ~3 s per database), kept across runs (./pglite-template.ts).
// PostgreSQL (TEST_DATABASE_URL): a migrated template database that suites copy with
// CREATE DATABASE … TEMPLATE, made once per run.
// Vitest calls this setup once for each project that has it (the root and the projects extending
// it), all in its main process: the calls share one preparation through the global object, and
// the last teardown cleans up.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migratedPgliteTarball } from './pglite-template.ts';

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

/** A new PostgreSQL database, migrated: the template the run's suites copy. */
async function migratedPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const [{ openDatabase }, { migrateToLatest }, { scratchPostgresDatabase }] = await Promise.all([
    import('../../server/db/connection.ts'),
    import('../../server/db/migrate.ts'),
    import('./postgres.ts'),
  ]);
  const template = await scratchPostgresDatabase(adminUrl, 'ls_tpl');
  const db = await openDatabase({ databaseUrl: template.url, maxConnections: 1 });
  await migrateToLatest(db);
  await db.destroy();
  return { name: new URL(template.url).pathname.slice(1), drop: template.drop };
}

async function prepare(): Promise<Templates> {
  const workerDatabasePrefix = `ls_w${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  // side by side: PGlite's migrations run on this process's CPU, PostgreSQL's mostly wait on its server
  const [pglite, postgresResult] = await Promise.allSettled([migratedPgliteTarball(), adminUrl ? migratedPostgresTemplate(adminUrl) : undefined]);
  if (pglite.status === 'rejected' || postgresResult.status === 'rejected') {
    if (postgresResult.status === 'fulfilled') await postgresResult.value?.drop();
    throw pglite.status === 'rejected' ? pglite.reason : (postgresResult as PromiseRejectedResult).reason;
  }
  const pgliteTemplate = pglite.value;
  const postgres = postgresResult.value;
  if (!adminUrl || !postgres) return { pgliteTemplate, postgresTemplate: '', workerDatabasePrefix, teardown: async () => {} };
  return {
    pgliteTemplate,
    postgresTemplate: postgres.name,
    workerDatabasePrefix,
    async teardown() {
      const { dropDatabasesNamed } = await import('./postgres.ts');
      await dropDatabasesNamed(adminUrl, `${workerDatabasePrefix}_`);
      await postgres.drop();
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
