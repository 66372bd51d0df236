import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../server/db/connection.ts';
import { credit } from '../server/domain/ledger/index.ts';
import { migratedPglite } from '../tests/helpers/db.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ledger-verify-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// the script as `npm run ledger:verify` runs it (tsx), on V8's baseline compiler as the test workers
const verify = () =>
  spawnSync(process.execPath, ['--liftoff-only', '--import', 'tsx', join(import.meta.dirname, 'ledger-verify.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 240_000,
  });

it('npm run ledger:verify exits 0 on a sound ledger and 1 on a breach, naming it', async () => {
  // the folder starts as a copy of the run's migrated cluster (the script migrates it again: nothing to do)
  const db = await openDatabase({ dataDir, loadDataDir: await migratedPglite() });
  const store = await db
    .insertInto('stores')
    .values({ title: 'V', platform: 'custom', store_name: 'verify', domain: null, website: null, hmac_secret: null, access_token: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const customer = await db
    .insertInto('customers')
    .values({ store_id: store.id, first_name: 'V', last_name: 'V', email: 'v@verify.test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await credit(
    db,
    { storeId: store.id, customerId: customer.id, type: 'adjustment', points: 40, sourceType: 'test', sourceId: '1', computation: 'test' },
    new Date(),
  );
  await db.destroy();
  const sound = verify();
  expect(sound.status, sound.stderr).toBe(0);
  expect(sound.stdout).toContain('Ledger verified: 1 accounts, every invariant holds.');

  const again = await openDatabase({ dataDir });
  await sql`update points_accounts set balance = 45`.execute(again);
  await again.destroy();
  const broken = verify();
  expect(broken.status).toBe(1);
  expect(broken.stderr).toContain(`store ${store.id} customer ${customer.id}: balance 45 ≠ sum of entries 40`);
  expect(broken.stdout).toContain('Ledger verification FAILED: 2 breaches.');
});
