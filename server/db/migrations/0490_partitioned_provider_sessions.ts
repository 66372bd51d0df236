import { sql, type Kysely } from 'kysely';

/**
 * Whether a provider session's cookie was set partitioned (CHIPS: `SameSite=None; Secure;
 * Partitioned`, for a platform's control panel that frames the console): signing out clears the
 * cookie with the attributes it was set with, else the browser keeps the partitioned one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column partitioned boolean not null default false`.execute(db);
}
