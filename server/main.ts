import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemo } from './seed/demo.ts';
import { seedDemoDocuments } from './domain/documents/seed.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import { buildApp } from './http/app.ts';
import { refreshPlannerStatistics } from './db/statistics.ts';
import { startWorkers } from './workers.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
if (config.seedDemo && (await seedDemo(db))) {
  await seedDemoDocuments(db);
  console.log('Seeded the demo: owner@demo.shop / demo-password');
}
await purgeExpiredSessions(db, new Date());
await refreshPlannerStatistics(db); // PGlite has no autovacuum: plans need statistics from the start
const app = await buildApp({ config, db });
// the background work this process runs (WORKERS): jobs, webhook processing, emails, outgoing webhooks
const workers = await startWorkers(app);
await app.listen({ port: config.port, host: config.host });
console.log(`Loyalty Studio on http://localhost:${config.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void workers
      .stop()
      .then(() => app.close())
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
}
