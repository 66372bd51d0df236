import { sql, type Kysely } from 'kysely';

/**
 * A VIP apply job survives its process: the job keeps where it got to (the last
 * customer id done, written in each batch's own transaction with the batch's moves), which runner
 * holds it, and when that runner last made progress; the maintenance job takes over a job whose
 * runner has been silent too long and continues after that customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table vip_jobs add column after_customer_id bigint not null default 0`,
    sql`alter table vip_jobs add column claimed_by text`,
    sql`alter table vip_jobs add column heartbeat_at timestamptz`,
    // the maintenance job's look for stalled jobs reads only the unfinished ones, not every job ever run
    sql`create index vip_jobs_unfinished_idx on vip_jobs (coalesce(heartbeat_at, created_at)) where status in ('queued', 'running')`,
  ];
  for (const statement of statements) await statement.execute(db);
}
