/**
 * `npm run ledger:verify`: checks the ledger's invariants on the configured database
 * (DATABASE_URL, else the PGlite folder DATA_DIR) for every account — cached balance, pending and
 * lifetime equal to the sum of their entries, nothing negative, open batches holding exactly the
 * balance — and exits with status 1 when any account breaks one.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { verifyLedger } from '../server/domain/ledger/index.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db);
  const accounts = await db
    .selectFrom('points_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const breaches = await verifyLedger(db);
  for (const breach of breaches.slice(0, 50)) console.error(`store ${breach.storeId} customer ${breach.customerId}: ${breach.problem}`);
  if (breaches.length > 50) console.error(`… and ${breaches.length - 50} more`);
  console.log(
    breaches.length === 0
      ? `Ledger verified: ${Number(accounts.n)} accounts, every invariant holds.`
      : `Ledger verification FAILED: ${breaches.length} breaches.`,
  );
  process.exitCode = breaches.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}
