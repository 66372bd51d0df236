import { sql, type Kysely } from 'kysely';

/**
 * A sign-in code is bound to the browser that started the sign-in: it keeps the S256 challenge of
 * the verifier that browser holds (PKCE), and only that verifier exchanges it. Codes issued before
 * (minutes-long, none bound) cannot be exchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_codes add column challenge text`.execute(db);
}
