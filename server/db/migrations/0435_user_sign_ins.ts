import { sql, type Kysely } from 'kysely';

/** How many times the console user signed in: the home screen welcomes a first visit, and welcomes back the others. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column sign_ins integer not null default 0`.execute(db);
}
