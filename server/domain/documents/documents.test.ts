import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS } from '../../../presets/index.ts';
import type { LandingPage, StickyBar } from '../../../renderers/contract/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { json } from '../../db/normalize.ts';
import {
  DocumentInvalidError,
  getDocument,
  listVersions,
  loadPublishedDocument,
  loadPublishedDocuments,
  publishVersion,
  restoreVersion,
  saveDraft,
  surfaceSummary,
  VersionConflictError,
  VersionNotFoundError,
} from './index.ts';
import { seedDemoDocuments } from './seed.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../tests/fixtures/schema/${name}`, import.meta.url), 'utf8'));

const stickyBar = (text: string): StickyBar => ({ ...structuredClone(DEFAULT_DOCUMENTS.sticky_bar), bar: { ...DEFAULT_DOCUMENTS.sticky_bar.bar, text } });

describeEachDatabase('documents service', (ctx) => {
  const userId = async (email: string) => (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const rowCount = async (storeId: number, kind: string) =>
    Number(
      (
        await ctx.db
          .selectFrom('settings_documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', storeId)
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('starts from the preset default when a store has saved nothing', async () => {
    const state = await getDocument(ctx.db, ctx.fixture.storeA.id, 'landing_page');
    expect(state).toMatchObject({ draft_version: 0, published_version: null, has_unpublished_changes: false, source: 'default', problem: null });
    expect(state.document).toEqual(DEFAULT_DOCUMENTS.landing_page);
    expect((await loadPublishedDocument(ctx.db, ctx.fixture.storeA.id, 'sticky_bar')).version).toBeNull();
  });

  it('saves drafts, publishes one version at a time, lists versions and restores', async () => {
    const storeId = ctx.fixture.storeA.id;
    const alice = await userId(ctx.fixture.users.alice);
    const first = await saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 0, document: stickyBar('First'), userId: alice });
    expect(first).toMatchObject({ version: 1, status: 'draft', based_on_version: null, created_by: { id: alice, name: 'Alice' } });
    expect(await publishVersion(ctx.db, { storeId, kind: 'sticky_bar', version: 1, userId: alice })).toMatchObject({ version: 1, status: 'published' });
    const second = await saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 1, document: stickyBar('Second'), userId: alice });
    expect(second).toMatchObject({ version: 2, based_on_version: 1 });

    let state = await getDocument(ctx.db, storeId, 'sticky_bar');
    expect(state).toMatchObject({ draft_version: 2, published_version: 1, has_unpublished_changes: true, source: 'saved' });
    expect(state.document.bar.text).toBe('Second');
    expect((await loadPublishedDocument(ctx.db, storeId, 'sticky_bar')).document.bar.text).toBe('First');

    await publishVersion(ctx.db, { storeId, kind: 'sticky_bar', version: 2, userId: alice });
    const published = await ctx.db
      .selectFrom('settings_documents')
      .select('version')
      .where('store_id', '=', storeId)
      .where('kind', '=', 'sticky_bar')
      .where('status', '=', 'published')
      .execute();
    expect(published).toEqual([{ version: 2 }]);

    const restored = await restoreVersion(ctx.db, { storeId, kind: 'sticky_bar', version: 1, userId: alice });
    expect(restored).toMatchObject({ version: 3, status: 'draft', restored_from: 1, based_on_version: 2 });
    expect(restored.document.bar.text).toBe('First');
    state = await getDocument(ctx.db, storeId, 'sticky_bar');
    expect(state).toMatchObject({ draft_version: 3, published_version: 2, has_unpublished_changes: true });

    const versions = await listVersions(ctx.db, storeId, 'sticky_bar');
    expect(versions.map((v) => [v.version, v.status, v.created_by?.name])).toEqual([
      [3, 'draft', 'Alice'],
      [2, 'published', 'Alice'],
      [1, 'draft', 'Alice'],
    ]);
    expect(versions[2]!.published_at).not.toBeNull(); // was published once
    expect(versions[0]!.published_at).toBeNull();
    expect(Date.parse(versions[0]!.created_at)).not.toBeNaN();
  });

  it('refuses a stale save with the current version and stores nothing', async () => {
    const storeId = ctx.fixture.storeC.id;
    await saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 0, document: stickyBar('One'), userId: null });
    await saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 1, document: stickyBar('Two'), userId: null });
    const before = await rowCount(storeId, 'sticky_bar');
    const stale = saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 1, document: stickyBar('Lost'), userId: null });
    await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
    await expect(stale).rejects.toMatchObject({
      currentVersion: 2,
      message: 'This document was changed elsewhere (version 2) since you opened version 1. Reload to see the latest changes.',
    });
    // a base from the future is refused the same way
    await expect(saveDraft(ctx.db, { storeId, kind: 'sticky_bar', baseVersion: 9, document: stickyBar('Future'), userId: null })).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect(await rowCount(storeId, 'sticky_bar')).toBe(before);
    expect((await getDocument(ctx.db, storeId, 'sticky_bar')).document.bar.text).toBe('Two');
  });

  it('lets exactly one of several concurrent saves on the same base win', async () => {
    const storeId = ctx.fixture.storeC.id;
    const base = (await getDocument(ctx.db, storeId, 'product_page')).draft_version;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        saveDraft(ctx.db, {
          storeId,
          kind: 'product_page',
          baseVersion: base,
          document: { ...DEFAULT_DOCUMENTS.product_page, font_size: 12 + index },
          userId: null,
        }),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((result) => result.reason instanceof VersionConflictError && result.reason.currentVersion === base + 1)).toBe(true);
    expect(await rowCount(storeId, 'product_page')).toBe(base + 1);
  });

  it('keeps exactly one published version when publishes race', async () => {
    const storeId = ctx.fixture.storeB.id;
    for (let version = 1; version <= 4; version += 1) {
      await saveDraft(ctx.db, {
        storeId,
        kind: 'product_page',
        baseVersion: version - 1,
        document: { ...DEFAULT_DOCUMENTS.product_page, font_size: 10 + version },
        userId: null,
      });
    }
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 2, 3].map((version) => publishVersion(ctx.db, { storeId, kind: 'product_page', version, userId: null })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const published = await ctx.db
      .selectFrom('settings_documents')
      .select('version')
      .where('store_id', '=', storeId)
      .where('kind', '=', 'product_page')
      .where('status', '=', 'published')
      .execute();
    expect(published).toHaveLength(1);
    expect((await loadPublishedDocument(ctx.db, storeId, 'product_page')).version).toBe(published[0]!.version);
  });

  it('refuses an invalid document with path messages and stores nothing', async () => {
    const storeId = ctx.fixture.storeA.id;
    const before = await rowCount(storeId, 'launcher');
    const invalid = {
      ...structuredClone(DEFAULT_DOCUMENTS.launcher),
      desktop: { ...DEFAULT_DOCUMENTS.launcher.desktop, zoom: 999, background_color: 'javascript:alert(1)' },
    };
    const save = saveDraft(ctx.db, { storeId, kind: 'launcher', baseVersion: 0, document: invalid, userId: null });
    await expect(save).rejects.toBeInstanceOf(DocumentInvalidError);
    const error = (await save.catch((caught: unknown) => caught)) as DocumentInvalidError;
    expect(Object.keys(error.errors).sort()).toEqual(['desktop.background_color', 'desktop.zoom']);
    // a document of another kind is refused too
    await expect(saveDraft(ctx.db, { storeId, kind: 'launcher', baseVersion: 0, document: DEFAULT_DOCUMENTS.widget, userId: null })).rejects.toBeInstanceOf(
      DocumentInvalidError,
    );
    expect(await rowCount(storeId, 'launcher')).toBe(before);
  });

  it('migrates v0 documents on read', async () => {
    const storeId = ctx.fixture.storeB.id;
    const rows = [
      ['landing_page', 'landing-page.v0.json'],
      ['launcher', 'launcher.v0.json'],
    ] as const;
    for (const [kind, file] of rows) {
      await ctx.db
        .insertInto('settings_documents')
        .values({ store_id: storeId, kind, version: 1, document: json(fixture(file)), status: 'published', based_on_version: null })
        .execute();
    }
    const landing = await getDocument(ctx.db, storeId, 'landing_page');
    expect(landing).toMatchObject({ draft_version: 1, published_version: 1, source: 'saved', problem: null });
    expect(landing.document).toMatchObject({ kind: 'landing_page', schemaVersion: 1 });
    expect(landing.document.sections.map((section) => section.type).slice(0, 2)).toEqual(['banner', 'how_it_works']);
    expect(landing.document.sections[0]!.content.visitor.primary_button).toEqual({ label: 'Join now', url: '/account/register' });

    const published = await loadPublishedDocuments(ctx.db, storeId);
    expect(published.launcher).toMatchObject({ kind: 'launcher', schemaVersion: 1 });
    expect(published.launcher.desktop).toMatchObject({ placement: 'right', padding_bottom: 20, padding_side: 20 });
    expect(published.launcher.mobile).toMatchObject({ launcher_type: 'icon', padding_bottom: 0 });
    expect(published.sticky_bar).toEqual(DEFAULT_DOCUMENTS.sticky_bar);
    expect(Object.keys(published).sort()).toEqual(Object.keys(DEFAULT_DOCUMENTS).sort());

    // restoring the v0 version stores it at the current schema
    const restored = await restoreVersion(ctx.db, { storeId, kind: 'landing_page', version: 1, userId: null });
    const row = await ctx.db
      .selectFrom('settings_documents')
      .select('document')
      .where('store_id', '=', storeId)
      .where('kind', '=', 'landing_page')
      .where('version', '=', restored.version)
      .executeTakeFirstOrThrow();
    expect((row.document as LandingPage).schemaVersion).toBe(1);
  });

  it('reads an unreadable stored version as the default with the reason, and refuses to publish it', async () => {
    // the fixture stores a widget "document" that is not one
    const storeId = ctx.fixture.storeB.id;
    const state = await getDocument(ctx.db, storeId, 'widget');
    expect(state).toMatchObject({ draft_version: 1, published_version: 1, source: 'default' });
    expect(state.problem?.message).toMatch(/kind/);
    expect(state.document).toEqual(DEFAULT_DOCUMENTS.widget);
    expect((await loadPublishedDocuments(ctx.db, storeId)).widget).toEqual(DEFAULT_DOCUMENTS.widget);
    await expect(restoreVersion(ctx.db, { storeId, kind: 'widget', version: 1, userId: null })).rejects.toBeInstanceOf(DocumentInvalidError);
    await expect(publishVersion(ctx.db, { storeId, kind: 'widget', version: 7, userId: null })).rejects.toBeInstanceOf(VersionNotFoundError);
  });

  it('summarises the four surfaces', async () => {
    const summary = await surfaceSummary(ctx.db, ctx.fixture.storeA.id);
    expect(summary.map((entry) => entry.kind)).toEqual(['landing_page', 'widget', 'launcher', 'sticky_bar']);
    const sticky = summary.find((entry) => entry.kind === 'sticky_bar')!;
    expect(sticky).toMatchObject({ state: 'changes_pending', draft_version: 3, published_version: 2, path: '/onsite-display/sticky-bar' });
    expect(summary.find((entry) => entry.kind === 'landing_page')).toMatchObject({
      state: 'not_published',
      draft_version: 0,
      published_version: null,
      updated_at: null,
    });
    expect(summary.find((entry) => entry.kind === 'widget')).toMatchObject({ state: 'published', draft_version: 1, published_version: 1 });
  });

  it('seeds the demo documents once, published', async () => {
    const store = ctx.fixture.storeC;
    const gamma = { [store.storeName]: DEMO_DOCUMENTS };
    // gamma already has a widget (fixture), a sticky bar and a product page (above): those are left alone; the landing page, launcher, custom style and both email documents are seeded
    expect(await seedDemoDocuments(ctx.db, gamma)).toBe(5);
    expect(await seedDemoDocuments(ctx.db, gamma)).toBe(0);
    const published = await loadPublishedDocuments(ctx.db, store.id);
    expect(published.landing_page).toEqual(DEMO_DOCUMENTS.landing_page);
    expect(published.launcher).toEqual(DEMO_DOCUMENTS.launcher);
    expect(published.sticky_bar).not.toEqual(DEMO_DOCUMENTS.sticky_bar);
    expect(await getDocument(ctx.db, store.id, 'custom_style')).toMatchObject({ draft_version: 1, published_version: 1, has_unpublished_changes: false });
  });
});
