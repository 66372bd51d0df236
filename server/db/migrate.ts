import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { loadMigrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: loadMigrations };

/**
 * Brings the schema up to date. Kysely's Migrator runs each pending migration in a transaction
 * and holds a lock table so two processes never migrate at once; the same files run on PGlite
 * and PostgreSQL.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // engineers' number ranges interleave: a database that already ran a later-numbered migration
  // still runs an earlier-numbered one merged after it (each migration stands on its own)
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
