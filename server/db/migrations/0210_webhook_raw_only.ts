import { sql, type Kysely } from 'kysely';

/**
 * A webhook received over HTTP is stored as its raw body only and parsed when it
 * is processed, so the acknowledgement writes one text column instead of the body twice (text and
 * jsonb). `payload` stays for events stored before, and for events not received over HTTP.
 * No index: the new constraint is a row check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table webhook_events alter column payload drop not null`,
    sql`alter table webhook_events add constraint webhook_events_body check (payload is not null or raw_body is not null)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
