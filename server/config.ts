import { resolve } from 'node:path';

/** Every setting the server reads from the environment, in one place (README lists them). */
export interface Config {
  port: number;
  host: string;
  /** PGlite data folder (used when no DATABASE_URL is given) */
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server */
  databaseUrl: string | undefined;
  /** built console assets */
  consoleDir: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 4000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    consoleDir: resolve(env.CONSOLE_DIR ?? 'dist/console'),
  };
}
