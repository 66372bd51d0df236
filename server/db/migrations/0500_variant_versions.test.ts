import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { up } from './0500_variant_versions.ts';

describeEachDatabase('migration 0500: variant B keeps versions', (ctx) => {
  it("moves each saved variant B in as its first version, naming the published version it was made from, and numbers B's versions apart from A's", async () => {
    // the schema as it was before: one variant B per surface, saved over in place
    await sql`delete from settings_documents where variant = 'b'`.execute(ctx.db);
    await sql`alter table settings_documents
      drop constraint settings_documents_variant_version_key,
      drop constraint settings_documents_variant_b,
      drop column variant, drop column restored_from_variant, drop column conflict,
      add constraint settings_documents_store_id_kind_version_key unique (store_id, kind, version)`.execute(ctx.db);
    await sql`alter table experiments drop column variant_b_version`.execute(ctx.db);
    // the columns the migration reads
    await sql`create table surface_variants (store_id bigint, kind text, document jsonb, based_on_version integer, updated_by bigint, updated_at timestamptz)`.execute(
      ctx.db,
    );
    const { storeA, storeB } = ctx.fixture;
    await sql`insert into surface_variants (store_id, kind, document, based_on_version, updated_at) values
      (${storeA.id}, 'widget', '{"marker": "b of a"}', 1, '2026-03-01T10:00:00Z'),
      (${storeB.id}, 'sticky_bar', '{"marker": "b of b"}', null, '2026-03-02T10:00:00Z')`.execute(ctx.db);

    await up(ctx.db as unknown as Kysely<unknown>);

    const rows = await ctx.db
      .selectFrom('settings_documents')
      .select(['store_id', 'kind', 'variant', 'version', 'status', 'document', 'restored_from', 'restored_from_variant', 'created_at'])
      .where('variant', '=', 'b')
      .orderBy('store_id')
      .execute();
    expect(rows.map(({ created_at, ...row }) => ({ ...row, created_at: new Date(created_at).toISOString() }))).toEqual([
      {
        store_id: storeA.id,
        kind: 'widget',
        variant: 'b',
        version: 1,
        status: 'draft',
        document: { marker: 'b of a' },
        restored_from: 1,
        restored_from_variant: 'a',
        created_at: '2026-03-01T10:00:00.000Z',
      },
      {
        store_id: storeB.id,
        kind: 'sticky_bar',
        variant: 'b',
        version: 1,
        status: 'draft',
        document: { marker: 'b of b' },
        restored_from: null,
        restored_from_variant: null,
        created_at: '2026-03-02T10:00:00.000Z',
      },
    ]);
    // A's version 1 of the widget (the fixture's, published) is still there beside B's version 1
    const widgetA = await ctx.db
      .selectFrom('settings_documents')
      .select(['version', 'status'])
      .where('store_id', '=', storeA.id)
      .where('kind', '=', 'widget')
      .where('variant', '=', 'a')
      .execute();
    expect(widgetA).toEqual([{ version: 1, status: 'published' }]);
    expect((await sql`select to_regclass('surface_variants') as found`.execute(ctx.db)).rows).toEqual([{ found: null }]);
    // variant B is never published
    await expect(sql`update settings_documents set status = 'published' where store_id = ${storeB.id} and variant = 'b'`.execute(ctx.db)).rejects.toThrow(
      /settings_documents_variant_b/,
    );
  });
});
