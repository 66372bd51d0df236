// The migrated PGlite cluster every test database starts from: dumped to a tarball in .cache/test-db
// and kept across runs under a name made of what it was made from (the migrations, the migrator,
// PGlite's version), so a run whose migrations are unchanged loads it instead of paying initdb and
// every migration again. The unit tests' global setup and the browser tests' demo template use it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../server/db/schema.ts';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const folder = join(root, '.cache', 'test-db');
/** How many kept tarballs stay (the most recently used): a checkout switching between branches reuses each. */
const KEEP = 3;

/** What a migrated cluster depends on: every migration, the migrator, PGlite's version and how this file makes it. */
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
    fileURLToPath(import.meta.url),
  ];
  for (const source of sources) hash.update(source.slice(root.length)).update(readFileSync(source));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Every load of the tarball unpacks each of its files and starts PostgreSQL on them. The cluster's
 * template databases are two thirds of its files (PGlite opens `postgres`, and tests create no
 * database on PGlite), and a checkpoint leaves no WAL for the start to replay: a load takes about
 * half the CPU (1.8 → 1.1 s).
 */
async function slimForLoading(pglite: PGlite): Promise<void> {
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  // one statement per call: DROP DATABASE refuses to run inside a multi-statement query
  await pglite.exec('drop database template0');
  await pglite.exec('drop database template1');
  await pglite.exec('checkpoint');
}

/** The migrated PGlite tarball for the current migrations: the kept one, or made now (written whole, then renamed into place). */
export async function migratedPgliteTarball(): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const name = `pglite-migrated-${pgliteTemplateKey()}.tar`;
  const tarball = join(folder, name);
  if (existsSync(tarball)) {
    // its modification time says when a run last used it
    const now = new Date();
    utimesSync(tarball, now, now);
    return tarball;
  }
  // what makes one is loaded only then: a run with a kept tarball starts without PGlite and the migrations
  const [{ Kysely, PostgresDialect }, { migrateToLatest }, { PGlitePool }] = await Promise.all([
    import('kysely'),
    import('../../server/db/migrate.ts'),
    import('../../server/db/pglite-pool.ts'),
  ]);
  const pool = await PGlitePool.open();
  const pglite = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(pglite);
  await slimForLoading(pool.pglite);
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
