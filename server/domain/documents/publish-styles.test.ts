import { expect, it } from 'vitest';
import { withSurfaceStyle, type CustomStyle, type CustomWidgetStyle, type StyledSurface } from '../../../renderers/contract/index.ts';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { getDocument, loadPublishedDocument, publishSurfaceStyles, saveDraft } from './index.ts';

describeEachDatabase('publishing some surfaces of the custom style', (ctx) => {
  const kind = 'custom_style';
  const storeId = () => ctx.fixture.storeA.id;
  /** saves the current draft with `surface`'s style replaced; answers the new version */
  const saveStyle = async (surface: StyledSurface, style: CustomWidgetStyle) => {
    const current = await getDocument(ctx.db, storeId(), kind);
    const document: CustomStyle = withSurfaceStyle(current.document, surface, style);
    return (await saveDraft(ctx.db, { storeId: storeId(), kind, baseVersion: current.draft_version, document, userId: null })).version;
  };
  const published = async () => await loadPublishedDocument(ctx.db, storeId(), kind);

  it("publishes the draft itself when only the studio's surfaces differ from what is live", async () => {
    const version = await saveStyle('widget', { border_radius: 4 });
    const result = await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version, surfaces: ['widget', 'launcher'] });
    expect(result).toMatchObject({ version, status: 'published' });
    expect(result.draft_version).toBeUndefined();
    expect((await published()).document.styles).toEqual({ widget: { border_radius: 4 } });
  });

  it("leaves another studio's saved style out of what goes live and keeps it in the draft", async () => {
    await saveStyle('landing_page', { accent_color: '#123456' });
    const version = await saveStyle('widget', { border_radius: 12 });
    const result = await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version, surfaces: ['widget', 'launcher'] });

    expect(result).toMatchObject({ version: version + 1, status: 'published', draft_version: version + 2 });
    expect(await published()).toMatchObject({ version: version + 1, document: { styles: { widget: { border_radius: 12 } } } });
    expect((await published()).document.styles.landing_page).toBeUndefined();
    const draft = await getDocument(ctx.db, storeId(), kind);
    expect(draft).toMatchObject({ draft_version: version + 2, published_version: version + 1, has_unpublished_changes: true });
    expect(draft.document.styles).toEqual({ widget: { border_radius: 12 }, landing_page: { accent_color: '#123456' } });

    const landing = await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version: version + 2, surfaces: ['landing_page'] });
    expect(landing).toMatchObject({ version: version + 2, status: 'published' });
    expect((await published()).document.styles).toEqual(draft.document.styles);
  });

  it('removes a style that the studio cleared and keeps the live one when nothing of its surfaces changed', async () => {
    const cleared = await saveStyle('widget', {});
    await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version: cleared, surfaces: ['widget'] });
    expect((await published()).document.styles).toEqual({ landing_page: { accent_color: '#123456' } });

    const before = await published();
    const version = await saveStyle('sticky_bar', { shadow: 'strong' });
    const result = await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version, surfaces: ['widget'] });
    expect(result).toMatchObject({ version: before.version, status: 'published' });
    expect(result.draft_version).toBeUndefined();
    expect(await published()).toEqual(before);
    expect((await getDocument(ctx.db, storeId(), kind)).draft_version).toBe(version);
  });

  it("publishes a stale version's surfaces without the newer draft's changes, and keeps the newer draft", async () => {
    const stale = await saveStyle('widget', { border_radius: 2 });
    const newer = await saveStyle('sticky_bar', { shadow: 'soft' });
    const result = await publishSurfaceStyles(ctx.db, { storeId: storeId(), userId: null, version: stale, surfaces: ['widget'] });
    expect(result).toMatchObject({ version: newer + 1, status: 'published' });
    expect(result.draft_version).toBeUndefined();
    expect((await published()).document.styles).toEqual({ widget: { border_radius: 2 }, landing_page: { accent_color: '#123456' } });
    const draft = await getDocument(ctx.db, storeId(), kind);
    expect(draft.draft_version).toBe(newer + 2);
    expect(draft.document.styles).toEqual({ widget: { border_radius: 2 }, landing_page: { accent_color: '#123456' }, sticky_bar: { shadow: 'soft' } });
  });
});
