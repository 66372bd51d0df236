import { sql, type Kysely } from 'kysely';

/**
 * Scheduled publishing: a schedule holds the versions it publishes (a draft saved afterwards does
 * not change it), when they go live and optionally when the versions live before come back. Its
 * start and its end run as jobs of the one job engine; `applied` records, when the start ran,
 * which version each kind showed before, for the end to restore.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table publish_schedules (
    id bigint generated always as identity primary key,
    store_id bigint not null references stores (id) on delete cascade,
    label text not null default '',
    items jsonb not null,
    starts_at timestamptz not null,
    ends_at timestamptz,
    state text not null default 'scheduled' check (state in ('scheduled', 'live', 'published', 'ended', 'cancelled', 'failed')),
    applied jsonb,
    start_job_id bigint,
    end_job_id bigint,
    error text,
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null,
    published_at timestamptz,
    ended_at timestamptz,
    cancelled_at timestamptz,
    check (ends_at is null or ends_at > starts_at)
  )`.execute(db);
  await sql`create index publish_schedules_store_idx on publish_schedules (store_id, id)`.execute(db);
}
