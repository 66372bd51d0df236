import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { json } from '../normalize.ts';
import { up } from './0325_media_keys.ts';

describeEachDatabase('migration 0325: gallery images get unguessable keys, and what points at them follows', (ctx) => {
  it("rewrites the store's own /media/{id} links in documents and emails to /media/{key}, leaving other stores' ids and unknown ids alone", async () => {
    // the schema as it was before: images known by their sequential id only
    await sql`drop index media_key_idx`.execute(ctx.db);
    await sql`alter table media drop column key`.execute(ctx.db);
    const image = (storeId: number) =>
      sql<{
        id: number;
      }>`insert into media (store_id, file_name, mime_type, size_bytes, content) values (${storeId}, 'a.png', 'image/png', 1, ${new Uint8Array([1])}) returning id`
        .execute(ctx.db)
        .then((result) => result.rows[0]!.id);
    const { storeA, storeB } = ctx.fixture;
    const ours = await image(storeA.id);
    const theirs = await image(storeB.id);
    const document = await ctx.db
      .insertInto('settings_documents')
      .values({
        store_id: storeA.id,
        kind: 'landing',
        version: 7,
        status: 'draft',
        based_on_version: null,
        document: json({
          hero: { image: `/media/${ours}` },
          logo: `https://shop.example/media/${ours}`,
          foreign: `/media/${theirs}`,
          longer: `/media/${ours}9`,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const email = await ctx.db
      .insertInto('email_templates')
      .values({
        store_id: storeA.id,
        email_key: 'birthday',
        fields: json({}),
        content: `<img src="https://shop.example/media/${ours}">`,
        json_content: json({ src: `/media/${ours}` }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await up(ctx.db as unknown as Kysely<unknown>);

    const keyOf = async (id: number) => (await sql<{ key: string }>`select key from media where id = ${id}`.execute(ctx.db)).rows[0]!.key;
    const key = await keyOf(ours);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyOf(theirs)).not.toBe(key);
    const migrated = await ctx.db.selectFrom('settings_documents').select('document').where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(migrated.document).toEqual({
      hero: { image: `/media/${key}` },
      logo: `https://shop.example/media/${key}`,
      foreign: `/media/${theirs}`,
      longer: `/media/${ours}9`,
    });
    const mail = await ctx.db.selectFrom('email_templates').select(['content', 'json_content']).where('id', '=', email.id).executeTakeFirstOrThrow();
    expect(mail).toEqual({ content: `<img src="https://shop.example/media/${key}">`, json_content: { src: `/media/${key}` } });
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(served.statusCode).toBe(200);
  });
});
