import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { prepareDatabase } from './prepare.ts';
import { buildApp } from './http/app.ts';
import { startWorkers } from './workers.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(db, { seedDemo: config.seedDemo });
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
