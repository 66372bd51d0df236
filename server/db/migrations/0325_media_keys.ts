import { sql, type Kysely } from 'kysely';

/**
 * Gallery images are public, served by an unguessable key (122 random bits) instead of their
 * sequential id, which let anyone walk every store's images. The stored documents and emails
 * that point at `/media/{id}` are rewritten to `/media/{key}` (the store's own images only), so
 * what the merchant built keeps showing; numeric links are no longer served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table media add column key text not null default replace(gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`create unique index media_key_idx on media (key)`.execute(db);
  const media = await sql<{ id: number; store_id: number; key: string }>`select id, store_id, key from media`.execute(db);
  if (media.rows.length === 0) return;
  const keyOf = new Map(media.rows.map((row) => [`${row.store_id}:${row.id}`, row.key]));
  const rewrite = (storeId: number, text: string) =>
    text.replace(/\/media\/(\d+)(?![\d])/g, (link, id: string) => {
      const key = keyOf.get(`${storeId}:${id}`);
      return key ? `/media/${key}` : link;
    });
  const documents = await sql<{ id: number; store_id: number; document: string }>`
    select id, store_id, document::text as document from settings_documents where document::text like '%/media/%'`.execute(db);
  for (const row of documents.rows) {
    await sql`update settings_documents set document = ${rewrite(row.store_id, row.document)}::jsonb where id = ${row.id}`.execute(db);
  }
  const emails = await sql<{ id: number; store_id: number; content: string | null; json_content: string | null }>`
    select id, store_id, content, json_content::text as json_content from email_templates
    where content like '%/media/%' or json_content::text like '%/media/%'`.execute(db);
  for (const row of emails.rows) {
    await sql`update email_templates set
      content = ${row.content === null ? null : rewrite(row.store_id, row.content)},
      json_content = ${row.json_content === null ? null : rewrite(row.store_id, row.json_content)}::jsonb
      where id = ${row.id}`.execute(db);
  }
}
