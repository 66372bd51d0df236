import type { Db } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './seed/demo.ts';
import { seedDemoDocuments } from './domain/documents/seed.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import { refreshPlannerStatistics } from './db/statistics.ts';

/**
 * Brings a database to what a server starts on: migrated to the latest schema, the demo seeded on
 * first start (when asked), expired sessions gone and the planner's statistics fresh (PGlite has no
 * autovacuum: plans need statistics from the start).
 */
export async function prepareDatabase(db: Db, options: { seedDemo: boolean }): Promise<void> {
  await migrateToLatest(db);
  if (options.seedDemo && (await seedDemo(db))) {
    await seedDemoDocuments(db);
    console.log('Seeded the demo: owner@demo.shop / demo-password');
  }
  await purgeExpiredSessions(db, new Date());
  await refreshPlannerStatistics(db);
}
