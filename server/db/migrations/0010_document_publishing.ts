import { sql, type Kysely } from 'kysely';

/**
 * Settings documents (server/domain/documents): when and by whom a version was last published,
 * which version a restored draft came from, and at most one published version per store and
 * kind, enforced by the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings_documents
    add column published_at timestamptz,
    add column published_by bigint references users(id) on delete set null,
    add column restored_from integer`.execute(db);
  await sql`create unique index settings_documents_one_published on settings_documents (store_id, kind) where status = 'published'`.execute(db);
}
