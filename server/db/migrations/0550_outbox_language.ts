import { sql, type Kysely } from 'kysely';

/**
 * The language an email to someone who is not a member goes out in (BCP 47, as that person's
 * language was known when it was queued: a friend invited by a member gets the member's, or their
 * own when the store knows them). Null: the member's language, else the store's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_outbox add column language text`.execute(db);
}
