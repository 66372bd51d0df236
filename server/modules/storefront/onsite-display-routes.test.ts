import { expect, it } from 'vitest';
import { DEFAULT_DOCUMENTS } from '../../../presets/index.ts';
import { PROGRAM_TYPES, THEMES, WIDGET_TYPES } from '../../../renderers/contract/index.ts';
import { describeEachDatabase, snapshotTables } from '../../../tests/helpers/db.ts';
import { signInOnStore, type Session } from '../../../tests/helpers/server.ts';

const landingWithTitle = (title: string) => {
  const doc = structuredClone(DEFAULT_DOCUMENTS.landing_page);
  doc.sections[0]!.content.visitor.title = title;
  return doc;
};

describeEachDatabase('on-site display API', (ctx) => {
  const sessionOn = (email: string, storeId: number) => signInOnStore(ctx.app, email, ctx.fixture.password, storeId);
  const call = async (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, ...(payload ? { payload } : {}) });

  it('opens a kind at the preset default, saves drafts and answers a stale save with 409', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const opened = await call(alice, 'GET', '/onsite-display/landing-page');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ kind: 'landing_page', draft_version: 0, published_version: null, source: 'default', problem: null });
    expect(opened.json().data.document).toEqual(DEFAULT_DOCUMENTS.landing_page);

    const first = await call(alice, 'POST', '/onsite-display/landing_page/draft', { base_version: 0, document: landingWithTitle('Alpha rewards') });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ version: 1, status: 'draft', created_by: { name: 'Alice' } });

    const before = await snapshotTables(ctx.db);
    const stale = await call(alice, 'POST', '/onsite-display/landing_page/draft', { base_version: 0, document: landingWithTitle('Overwrite?') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: 'This document was changed elsewhere (version 1) since you opened version 0. Reload to see the latest changes.',
      errors: {},
      code: 'version_conflict',
      current_version: 1,
    });
    expect(await snapshotTables(ctx.db)).toBe(before);
  });

  it('refuses invalid documents with body paths and stores nothing', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const before = await snapshotTables(ctx.db);
    const doc = landingWithTitle('x'.repeat(500)) as unknown as { global: Record<string, string> };
    doc.global.primary_color = 'url(javascript:alert(1))';
    const invalid = await call(alice, 'POST', '/onsite-display/landing_page/draft', { base_version: 1, document: doc });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed' });
    expect(invalid.json().errors).toEqual({
      'document.global.primary_color': 'Enter a colour like #047b5d, rgb(…) or hsl(…)',
      'document.sections.0.content.visitor.title': 'Keep this to 160 characters or fewer',
    });
    expect(invalid.json().message).toMatch(/^document\.(global|sections)/);
    const launcher = await call(alice, 'POST', '/launcher/save', { base_version: 0, properties: { desktop: { zoom: 10 } } });
    expect(launcher.statusCode).toBe(422);
    expect(Object.keys(launcher.json().errors)).toEqual(['properties.desktop.zoom']);
    const unknownKind = await call(alice, 'GET', '/onsite-display/popup');
    expect(unknownKind.statusCode).toBe(422);
    const noBase = await call(alice, 'POST', '/widget/store', { document: DEFAULT_DOCUMENTS.widget });
    expect(noBase.statusCode).toBe(422);
    expect(noBase.json().errors).toHaveProperty('base_version');
    expect(await snapshotTables(ctx.db)).toBe(before);
  });

  it('publishes, lists versions and restores through the builder resource', async () => {
    // a second editor: staff may not publish (program:publish), so Sara is made an admin here
    const saraId = (await ctx.db.selectFrom('users').select('id').where('email', '=', ctx.fixture.users.sara).executeTakeFirstOrThrow()).id;
    await ctx.db.updateTable('memberships').set({ role: 'admin' }).where('user_id', '=', saraId).where('store_id', '=', ctx.fixture.storeA.id).execute();
    const sara = await sessionOn(ctx.fixture.users.sara, ctx.fixture.storeA.id);
    const second = await call(sara, 'POST', '/onsite-display/landing_page/draft', { base_version: 1, document: landingWithTitle('Second take') });
    expect(second.json().data).toMatchObject({ version: 2, based_on_version: 1, created_by: { name: 'Sara' } });
    const published = await call(sara, 'POST', '/onsite-display/landing_page/publish', { version: 2 });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ version: 2, status: 'published' });
    expect(published.json().data.published_at).toBe(ctx.clock.now().toISOString());
    const missing = await call(sara, 'POST', '/onsite-display/landing_page/publish', { version: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found', message: 'Version 99 does not exist.' });

    const restored = await call(sara, 'POST', '/onsite-display/landing_page/restore', { version: 1, base_version: 2 });
    expect(restored.json().data).toMatchObject({ version: 3, restored_from: 1, status: 'draft' });
    expect(restored.json().data.document.sections[0].content.visitor.title).toBe('Alpha rewards');
    const staleRestore = await call(sara, 'POST', '/onsite-display/landing_page/restore', { version: 1, base_version: 2 });
    expect(staleRestore.statusCode).toBe(409);

    const versions = await call(sara, 'GET', '/onsite-display/landing_page/versions');
    expect(
      versions.json().data.map((v: { version: number; status: string; created_by: { name: string } }) => [v.version, v.status, v.created_by.name]),
    ).toEqual([
      [3, 'draft', 'Sara'],
      [2, 'published', 'Sara'],
      [1, 'draft', 'Alice'],
    ]);
    expect((await call(sara, 'GET', '/onsite-display/landing_page/versions?limit=1')).json().data).toHaveLength(1);

    const state = await call(sara, 'GET', '/onsite-display/landing_page');
    expect(state.json().data).toMatchObject({ draft_version: 3, published_version: 2, has_unpublished_changes: true, source: 'saved' });

    const overview = await call(sara, 'GET', '/onsite-display');
    expect(overview.json().data.map((s: { kind: string; state: string }) => [s.kind, s.state])).toEqual([
      ['landing_page', 'changes_pending'],
      ['widget', 'published'],
      ['launcher', 'not_published'],
      ['sticky_bar', 'not_published'],
    ]);
  });

  it('answers the spec §7 widget, launcher and theme calls from the documents', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeC.id);
    expect((await call(alice, 'GET', '/widget/type')).json().data.map((o: { value: string }) => o.value)).toEqual([...WIDGET_TYPES]);
    expect((await call(alice, 'GET', '/widget/program-type')).json().data.map((o: { value: string }) => o.value)).toEqual([...PROGRAM_TYPES]);

    // the fixture's widget row is not a valid document: the default is shown, with the reason
    const widget = (await call(alice, 'GET', '/widget')).json().data;
    expect(widget).toMatchObject({ draft_version: 1, source: 'default' });
    expect(widget.problem.message).toBeTruthy();
    const theme = (await call(alice, 'GET', '/theme/setting')).json().data;
    expect(theme).toMatchObject({ theme_type: DEFAULT_DOCUMENTS.widget.theme_type, draft_version: 1 });
    expect(theme.themes.map((t: { value: string }) => t.value)).toEqual([...THEMES]);

    const themed = await call(alice, 'POST', '/theme/store', { base_version: 1, theme_type: 'dark-experimental' });
    expect(themed.json().data).toMatchObject({ kind: 'widget', version: 2, document: { theme_type: 'dark-experimental' } });
    const stored = await call(alice, 'POST', '/widget/store', {
      base_version: 2,
      document: { ...DEFAULT_DOCUMENTS.widget, selected_widget_type: 'sidebar', theme_type: 'dark-experimental' },
    });
    expect(stored.json().data).toMatchObject({ version: 3 });
    expect((await call(alice, 'GET', '/widget')).json().data).toMatchObject({
      draft_version: 3,
      source: 'saved',
      document: { selected_widget_type: 'sidebar' },
    });

    const launcher = await call(alice, 'POST', '/launcher/store', { base_version: 0, document: DEFAULT_DOCUMENTS.launcher });
    expect(launcher.json().data).toMatchObject({ kind: 'launcher', version: 1 });
    const properties = await call(alice, 'POST', '/launcher/save', {
      base_version: 1,
      properties: { mobile: { placement: 'right', launcher_title: 'Rewards' } },
    });
    expect(properties.json().data.document.mobile).toMatchObject({ placement: 'right', launcher_title: 'Rewards', zoom: 100 });
    expect(properties.json().data.document.desktop).toEqual(DEFAULT_DOCUMENTS.launcher.desktop);
    expect((await call(alice, 'GET', '/launcher')).json().data).toMatchObject({ draft_version: 2 });

    const productPage = await call(alice, 'POST', '/widget/product-page-settings', {
      base_version: 0,
      document: { ...DEFAULT_DOCUMENTS.product_page, font_size: 18 },
    });
    expect(productPage.json().data).toMatchObject({ kind: 'product_page', version: 1, document: { font_size: 18 } });

    const style = await call(alice, 'POST', '/store/custom-style', {
      base_version: 0,
      widget_name: 'launcher',
      custom_widget_style: { border_radius: 8, accent_color: '#123456' },
    });
    expect(style.json().data).toMatchObject({
      kind: 'custom_style',
      document: { schemaVersion: 2, styles: { launcher: { border_radius: 8, accent_color: '#123456' } } },
    });
    const badStyle = await call(alice, 'POST', '/store/custom-style', {
      base_version: 1,
      widget_name: 'widget',
      custom_widget_style: { accent_color: 'red;}body{x' },
    });
    expect(badStyle.statusCode).toBe(422);
    expect(Object.keys(badStyle.json().errors)).toEqual(['custom_widget_style.accent_color']);
  });

  it('keeps a custom style per surface: saving one surface leaves the others, an empty style removes one', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const base = (await call(alice, 'GET', '/onsite-display/custom_style')).json().data.draft_version as number;
    const save = (baseVersion: number, surface: string, style: object) =>
      call(alice, 'POST', '/store/custom-style', { base_version: baseVersion, widget_name: surface, custom_widget_style: style });

    expect((await save(base, 'widget', { accent_color: '#6b3f1d', font_scale: 110 })).statusCode).toBe(200);
    const second = await save(base + 1, 'sticky_bar', { shadow: 'strong' });
    expect(second.statusCode).toBe(200);
    const opened = (await call(alice, 'GET', '/onsite-display/custom_style')).json().data;
    expect(opened).toMatchObject({ draft_version: base + 2, source: 'saved' });
    expect(opened.document.styles).toEqual({ widget: { accent_color: '#6b3f1d', font_scale: 110 }, sticky_bar: { shadow: 'strong' } });

    const replaced = await save(base + 2, 'widget', { border_radius: 4 });
    expect(replaced.json().data.document.styles).toEqual({ widget: { border_radius: 4 }, sticky_bar: { shadow: 'strong' } });
    const removed = await save(base + 3, 'widget', {});
    expect(removed.json().data.document.styles).toEqual({ sticky_bar: { shadow: 'strong' } });

    const before = await snapshotTables(ctx.db);
    const refusals: [object, string, string][] = [
      [{ base_version: base + 4, widget_name: 'popup', custom_widget_style: {} }, 'widget_name', 'expected one of'],
      [{ base_version: base + 4, widget_name: 'widget', custom_widget_style: { accent_color: 'red;}body{x' } }, 'custom_widget_style.accent_color', 'colour'],
      [{ base_version: base + 4, widget_name: 'widget', custom_widget_style: { font_scale: 400 } }, 'custom_widget_style.font_scale', '150'],
      [{ base_version: base + 4, widget_name: 'widget', custom_widget_style: { css: 'body{}' } }, 'custom_widget_style.css', 'Unknown field'],
      [{ base_version: base + 4, widget_name: 'widget' }, 'custom_widget_style', ''],
    ];
    for (const [body, field, hint] of refusals) {
      const refused = await call(alice, 'POST', '/store/custom-style', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().code).toBe('validation_failed');
      expect(Object.keys(refused.json().errors)).toEqual([field]);
      expect(refused.json().message).toContain(field);
      if (hint) expect(JSON.stringify(refused.json())).toContain(hint);
    }
    expect((await save(base + 1, 'launcher', { shadow: 'none' })).statusCode).toBe(409);
    expect(await snapshotTables(ctx.db)).toBe(before);
  });

  it("publishes one studio's surfaces of the custom style and refuses surfaces elsewhere, an unknown version or surface", async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const latest = async () => (await call(alice, 'GET', '/onsite-display/custom_style')).json().data.draft_version as number;
    await call(alice, 'POST', '/store/custom-style', { base_version: await latest(), widget_name: 'landing_page', custom_widget_style: { border_radius: 30 } });
    const saved = await call(alice, 'POST', '/store/custom-style', {
      base_version: await latest(),
      widget_name: 'widget',
      custom_widget_style: { border_radius: 6 },
    });
    const version = saved.json().data.version as number;

    const before = await snapshotTables(ctx.db);
    const refusals: [string, object, number, string][] = [
      ['/onsite-display/widget/publish', { version: 1, surfaces: ['widget'] }, 422, 'only the custom style'],
      ['/onsite-display/custom_style/publish', { version, surfaces: ['popup'] }, 422, 'surfaces.0'],
      ['/onsite-display/custom_style/publish', { version, surfaces: [] }, 422, 'surfaces'],
      ['/onsite-display/custom_style/publish', { version: version + 50, surfaces: ['widget'] }, 404, 'does not exist'],
    ];
    for (const [url, body, status, hint] of refusals) {
      const refused = await call(alice, 'POST', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(refused.json())).toContain(hint);
    }
    expect(await snapshotTables(ctx.db)).toBe(before);

    const published = await call(alice, 'POST', '/onsite-display/custom_style/publish', { version, surfaces: ['widget', 'launcher'] });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ version: version + 1, status: 'published', draft_version: version + 2 });
    const landingPage = async () => (await ctx.app.inject({ method: 'GET', url: `/landing/${ctx.fixture.storeA.storeName}` })).body;
    expect(await landingPage()).not.toContain('--ls-radius:30px');
    const draft = (await call(alice, 'GET', '/onsite-display/custom_style')).json().data;
    expect(draft).toMatchObject({ draft_version: version + 2, published_version: version + 1, has_unpublished_changes: true });
    expect(draft.document.styles).toMatchObject({ widget: { border_radius: 6 }, landing_page: { border_radius: 30 } });

    const landing = await call(alice, 'POST', '/onsite-display/custom_style/publish', { version: version + 2, surfaces: ['landing_page'] });
    // the sticky bar's style saved in the test before stays a draft: a new version goes live
    expect(landing.json().data).toMatchObject({ version: version + 3, status: 'published', draft_version: version + 4 });
    expect(await landingPage()).toContain('--ls-radius:30px');
  });

  it("never shows or changes another store's documents", async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    const aliceState = (await call(alice, 'GET', '/onsite-display/landing_page')).json().data;
    const before = await snapshotTables(ctx.db);
    const bobState = (await call(bob, 'GET', '/onsite-display/landing_page')).json().data;
    expect(bobState).toMatchObject({ draft_version: 0, source: 'default' });
    expect(JSON.stringify(bobState)).not.toContain('Alpha rewards');
    expect((await call(bob, 'GET', '/onsite-display/landing_page/versions')).json().data).toEqual([]);
    expect((await call(bob, 'POST', '/onsite-display/landing_page/publish', { version: aliceState.draft_version })).statusCode).toBe(404);
    expect((await call(bob, 'POST', '/onsite-display/landing_page/restore', { version: 1 })).statusCode).toBe(404);
    expect(await snapshotTables(ctx.db)).toBe(before);
    // bob's own save lands in his store only
    await call(bob, 'POST', '/onsite-display/landing_page/draft', { base_version: 0, document: landingWithTitle('Beta rewards') });
    expect((await call(alice, 'GET', '/onsite-display/landing_page')).json().data).toEqual(aliceState);
  });

  it('answers what shoppers see of a kind: the published version, not the newer draft; the default when nothing is published', async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    const latest = async () => (await call(alice, 'GET', '/onsite-display/landing_page')).json().data.draft_version as number;
    const live = await call(alice, 'POST', '/onsite-display/landing_page/draft', { base_version: await latest(), document: landingWithTitle('Live title') });
    const liveVersion = live.json().data.version as number;
    expect((await call(alice, 'POST', '/onsite-display/landing_page/publish', { version: liveVersion })).statusCode).toBe(200);
    await call(alice, 'POST', '/onsite-display/landing_page/draft', { base_version: liveVersion, document: landingWithTitle('Draft title') });

    const before = await snapshotTables(ctx.db);
    const published = await call(alice, 'GET', '/onsite-display/landing-page/published');
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ kind: 'landing_page', version: liveVersion, problem: null });
    expect(published.json().data.document.sections[0].content.visitor.title).toBe('Live title');
    expect((await call(alice, 'GET', '/onsite-display/landing_page')).json().data.document.sections[0].content.visitor.title).toBe('Draft title');

    // bob's store saved a landing draft but never published: shoppers see the preset default
    const bobs = await call(bob, 'GET', '/onsite-display/landing_page/published');
    expect(bobs.json().data).toEqual({ kind: 'landing_page', version: null, document: DEFAULT_DOCUMENTS.landing_page, problem: null });
    expect((await call(bob, 'GET', '/onsite-display/sticky_bar/published')).json().data).toMatchObject({
      version: null,
      document: DEFAULT_DOCUMENTS.sticky_bar,
    });
    expect((await call(alice, 'GET', '/onsite-display/popup/published')).statusCode).toBe(422);
    expect(await snapshotTables(ctx.db)).toBe(before);
  });

  it("answers the store's own program as the storefront draws it, for the canvas", async () => {
    const alice = await sessionOn(ctx.fixture.users.alice, ctx.fixture.storeA.id);
    const bob = await sessionOn(ctx.fixture.users.bob, ctx.fixture.storeB.id);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/points/store',
      headers: alice.headers,
      payload: { type: 'signup', title: 'Alpha welcome', points: 75 },
    });
    const program = await call(alice, 'GET', '/onsite-display/program');
    expect(program.statusCode).toBe(200);
    expect(program.json().data.waysToEarn).toContainEqual(expect.objectContaining({ title: 'Alpha welcome', points: 75, icon: 'user-plus' }));
    const storefront = await ctx.app.inject({ method: 'GET', url: `/storefront/v1/${ctx.fixture.storeA.storeName}/bootstrap` });
    expect(program.json().data).toEqual(storefront.json().data.program);
    const other = await call(bob, 'GET', '/onsite-display/program');
    expect(JSON.stringify(other.json().data)).not.toContain('Alpha welcome');
  });

  it('requires the three tokens', async () => {
    for (const url of ['/onsite-display', '/onsite-display/program', '/onsite-display/widget/published', '/widget', '/widget/type', '/theme/setting']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
