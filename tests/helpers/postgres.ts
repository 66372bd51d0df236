import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A new database `<prefix>_<random>` on the server of `adminUrl`, empty or a copy of `template`:
 * its URL, and `drop()`
 * (forced, so open pools do not keep it alive). Suites and benches that need several pools on
 * one database (two server processes) open them on `url` themselves.
 */
export async function scratchPostgresDatabase(
  adminUrl: string,
  prefix = 'ls_t',
  template?: string,
  /** copy the template's files at once (a checkpoint) instead of through the WAL: faster for a large one */
  strategy: 'wal_log' | 'file_copy' = 'wal_log',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`Not a database name: ${template}`);
  await withAdmin(adminUrl, (admin) => admin.query(template ? `create database ${name} template ${template} strategy ${strategy}` : `create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

/** Drops (forced) every database whose name starts with `prefix` (letters, digits and `_` only). */
export async function dropDatabasesNamed(adminUrl: string, prefix: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`Not a database name prefix: ${prefix}`);
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}

async function withAdmin(url: string, run: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
