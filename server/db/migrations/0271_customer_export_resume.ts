import { sql, type Kysely } from 'kysely';

/**
 * A background customer export survives its runner (without this, a job cut off by a crash or a
 * restart stays `running` for ever): each batch of CSV is written with the export's progress, its
 * last customer and the runner's heartbeat in one transaction, and the maintenance job continues an
 * export whose runner has been silent, after that customer (server/domain/job-claims.ts, as the VIP
 * apply jobs do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customer_exports
    add column after_customer_id bigint not null default 0,
    add column claimed_by text,
    add column heartbeat_at timestamptz`.execute(db);
}
