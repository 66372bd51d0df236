import { sql, type Kysely } from 'kysely';

/**
 * Preview links: a token that lets one browser see a store's drafts on the store's own pages
 * (the loader asks the bootstrap with it). Only its SHA-256 is kept; it reads one store's drafts,
 * nothing else, and ends at `expires_at` or when revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table preview_links (
    id bigint generated always as identity primary key,
    store_id bigint not null references stores (id) on delete cascade,
    token_hash text not null unique,
    scope text not null default 'drafts:read' check (scope = 'drafts:read'),
    created_by bigint references users (id) on delete set null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index preview_links_store_idx on preview_links (store_id, id)`.execute(db);
}
