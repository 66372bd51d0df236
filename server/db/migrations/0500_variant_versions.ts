import { sql, type Kysely } from 'kysely';

/**
 * Variant B of a surface keeps versions the way A does: each settings document row belongs to a
 * variant ('a': the drafts and the published version; 'b': an experiment's variant B of the
 * landing page, widget or sticky bar, never published), with its own version numbers. Each
 * surface's saved variant B moves in as its first version, copied from the published version it
 * was made from. A version also records the variant it was copied from (a restore across
 * variants: B made from A, A published from B), how a save resolved a conflict with the draft it
 * is based on, and an experiment records the version of B it shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings_documents
    add column variant text not null default 'a' check (variant in ('a', 'b')),
    add column restored_from_variant text check (restored_from_variant in ('a', 'b')),
    add column conflict text check (conflict in ('kept_over', 'set_aside')),
    add constraint settings_documents_variant_b check (variant = 'a' or (status = 'draft' and kind in ('landing_page', 'widget', 'sticky_bar')))`.execute(db);
  await sql`alter table settings_documents drop constraint settings_documents_store_id_kind_version_key`.execute(db);
  await sql`alter table settings_documents add constraint settings_documents_variant_version_key unique (store_id, kind, variant, version)`.execute(db);
  await sql`insert into settings_documents (store_id, kind, variant, version, document, status, created_at, created_by, restored_from, restored_from_variant)
    select store_id, kind, 'b', 1, document, 'draft', updated_at, updated_by, based_on_version, case when based_on_version is null then null else 'a' end
      from surface_variants`.execute(db);
  await sql`drop table surface_variants`.execute(db);
  await sql`alter table experiments add column variant_b_version integer`.execute(db);
}
