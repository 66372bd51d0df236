import { sql, type Kysely } from 'kysely';

/**
 * The one table of background work: every kind of job (imports, exports, VIP applies, awards,
 * emails, platform calls, the maintenance pass) is a row that a runner of any server process
 * claims, keeps alive with a heartbeat, checkpoints with its progress, and settles; a job whose
 * runner fell silent is taken over by another. `key` makes an enqueue idempotent per kind and
 * store (a reward's platform code, a maintenance slot).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      store_id bigint references stores (id) on delete cascade,
      key text,
      payload jsonb not null default '{}',
      state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed', 'cancelled')),
      progress bigint not null default 0,
      total bigint,
      result jsonb,
      claimed_by text,
      heartbeat_at timestamptz,
      attempts integer not null default 0,
      max_attempts integer not null default 5,
      run_after timestamptz not null,
      error text,
      created_at timestamptz not null,
      finished_at timestamptz
    )`,
    sql`create unique index jobs_key_idx on jobs (kind, coalesce(store_id, 0), key) where key is not null`,
    // what runners look for: due queued jobs, and running ones whose heartbeat stopped
    sql`create index jobs_due_idx on jobs (run_after) where state = 'queued'`,
    sql`create index jobs_running_idx on jobs (heartbeat_at) where state = 'running'`,
    sql`create index jobs_store_idx on jobs (store_id, kind, id)`,
    // the work that was under way when this version came: each unfinished record gets its job
    sql`insert into jobs (kind, store_id, payload, total, run_after, created_at)
      select 'orders.import', store_id, jsonb_build_object('importId', id), total, now(), now() from order_imports where status in ('queued', 'running')
      union all select 'customers.import', store_id, jsonb_build_object('importId', id), total, now(), now() from customer_imports where status in ('queued', 'running')
      union all select 'customers.export', store_id, jsonb_build_object('exportId', id), total, now(), now() from customer_exports where status in ('queued', 'running')
      union all select 'vip.apply', store_id, jsonb_build_object('jobId', id), total, now(), now() from vip_jobs where status in ('queued', 'running')
      union all select 'awards.grant', store_id, jsonb_build_object('awardId', id), total, now(), now() from award_campaigns where status = 'granting'`,
    // their own claims gave way to the jobs'
    sql`drop index if exists vip_jobs_unfinished_idx`,
    sql`alter table vip_jobs drop column claimed_by, drop column heartbeat_at`,
    sql`alter table customer_exports drop column claimed_by, drop column heartbeat_at`,
  ];
  for (const statement of statements) await statement.execute(db);
}
