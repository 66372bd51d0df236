import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_PAGE } from '../../presets/index.ts';
import { setContentField, setCustomStyle, setSectionSetting } from '../commands/index.ts';
import type { BuilderApi } from '../api.ts';
import { createBuilderStore } from '../store/store.ts';
import { createMemoryApi } from './memory-api.ts';
import { createSaver } from './saver.ts';

async function setup() {
  const api = createMemoryApi();
  const record = await api.load('landing_page');
  const store = createBuilderStore({ docs: { landing_page: record.document }, versions: { landing_page: record.draftVersion } });
  const saver = createSaver(store, api, ['landing_page']);
  const edit = (value: string) => store.getState().run(setContentField, { sectionId: 'header', audience: 'visitor', path: ['title'], value });
  return { api, store, saver, edit };
}

/** the default landing page with this header title */
function titled(title: string) {
  const doc = structuredClone(DEFAULT_LANDING_PAGE);
  doc.sections.find((s) => s.id === 'header')!.content.visitor.title = title;
  return doc;
}

/** a studio of `surface` and the custom style, opened from `api` */
async function openStudio(api: BuilderApi, surface: 'widget' | 'landing_page') {
  const [doc, style] = await Promise.all([api.load(surface), api.load('custom_style')]);
  const store = createBuilderStore({
    docs: { [surface]: doc.document, custom_style: style.document },
    versions: { [surface]: doc.draftVersion, custom_style: style.draftVersion },
  });
  return { store, saver: createSaver(store, api, [surface, 'custom_style']) };
}

describe('saver', () => {
  it('saves changed documents on top of their version, and nothing when unchanged', async () => {
    const { api, store, saver, edit } = await setup();
    await saver.save();
    expect(api.calls.filter((c) => c.startsWith('save'))).toEqual([]);
    edit('Saved title');
    expect(await saver.save()).toBe(true);
    expect(store.getState().save.status).toBe('saved');
    expect(store.getState().versions.landing_page).toBe(2);
    const saved = (await api.load('landing_page')).document;
    expect(saved.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Saved title');
  });

  it('a stale save stops with a conflict and keeps our changes; overwrite saves them on the latest version', async () => {
    const { api, store, saver, edit } = await setup();
    await api.saveDraft('landing_page', 1, titled('Theirs')); // another tab
    edit('Mine');
    expect(await saver.save()).toBe(false);
    expect(store.getState().save.status).toBe('conflict');
    expect(store.getState().save.message).toMatch(/saved somewhere else/);
    expect(store.getState().docs.landing_page!.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Mine');
    expect(await saver.save()).toBe(false); // autosave stays paused while in conflict
    expect(await saver.overwrite()).toBe(true);
    expect((await api.load('landing_page')).document.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Mine');
  });

  it('saves on top of a newer draft that has the content it last saved (another editor restored it): no conflict', async () => {
    const { api, store, saver, edit } = await setup();
    await api.saveDraft('landing_page', 1, titled('Someone else'));
    await api.restore('landing_page', 1); // version 3: the content this studio opened
    edit('Mine');
    expect(await saver.save()).toBe(true);
    expect(store.getState().versions.landing_page).toBe(4);
    expect(api.calls.filter((c) => c.startsWith('save landing_page'))).toEqual(['save landing_page@1', 'save landing_page@1', 'save landing_page@3']);
  });

  it('reload takes the server version and clears history', async () => {
    const { store, saver, edit } = await setup();
    edit('Throw away');
    await saver.reload();
    expect(store.getState().history.past).toHaveLength(0);
    expect(store.getState().docs.landing_page).toEqual(DEFAULT_LANDING_PAGE);
  });

  it('restore saves what is pending, makes the version the new draft, and Undo brings the previous document back', async () => {
    const { api, store, saver, edit } = await setup();
    const title = () => store.getState().docs.landing_page!.sections.find((s) => s.id === 'header')!.content.visitor.title;
    const original = title();
    edit('Second version');
    store.getState().sealHistory();
    expect(await saver.restore('landing_page', 1)).toBe(true);
    expect(api.calls.filter((c) => c.startsWith('save'))).toEqual(['save landing_page@1']);
    expect(title()).toBe(original);
    expect(store.getState().versions.landing_page).toBe(3);
    expect((await api.versions('landing_page'))[0]!.version).toBe(3);
    expect(store.getState().save.status).toBe('saved');
    store.getState().undo();
    expect(title()).toBe('Second version');
    expect(await saver.save()).toBe(true);
    expect(api.calls.filter((c) => c.startsWith('save'))).toEqual(['save landing_page@1', 'save landing_page@3']);
  });

  it('restore does nothing while pending changes cannot be saved', async () => {
    const { api, store, saver, edit } = await setup();
    await api.saveDraft('landing_page', 1, titled('Theirs')); // another tab
    edit('Mine');
    expect(await saver.restore('landing_page', 1)).toBe(false);
    expect(store.getState().save.status).toBe('conflict');
    expect(await api.versions('landing_page')).toHaveLength(2);
    expect(store.getState().docs.landing_page!.sections.find((s) => s.id === 'header')!.content.visitor.title).toBe('Mine');
  });

  it('refuses to publish unreadable text, naming the reason, and publishes otherwise', async () => {
    const { api, store, saver } = await setup();
    store.getState().run(setSectionSetting, { sectionId: 'header', group: 'style', key: 'font_color', value: '#eeeeee' });
    const refused = await saver.publish();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/hard to read.*4\.5:1.*sections\.1\.style\.font_color/);
    expect(api.calls.some((c) => c.startsWith('publish'))).toBe(false);
    store.getState().run(setSectionSetting, { sectionId: 'header', group: 'style', key: 'font_color', value: '#111111' });
    expect(await saver.publish()).toEqual({ ok: true });
    expect(store.getState().published.landing_page).toBe(2);
  });

  it('does not save an invalid document and says why', async () => {
    const { api, store, saver, edit } = await setup();
    edit('x'.repeat(500));
    expect(await saver.save()).toBe(false);
    expect(store.getState().save).toMatchObject({ status: 'error' });
    expect(store.getState().save.message).toMatch(/160 characters/);
    expect(api.calls.some((c) => c.startsWith('save'))).toBe(false);
  });

  it("saves and publishes the studio's custom style with its surface, and refuses an unreadable custom pair", async () => {
    const api = createMemoryApi();
    const [widget, style] = await Promise.all([api.load('widget'), api.load('custom_style')]);
    const store = createBuilderStore({
      docs: { widget: widget.document, custom_style: style.document },
      versions: { widget: widget.draftVersion, custom_style: style.draftVersion },
    });
    const saver = createSaver(store, api, ['widget', 'custom_style']);
    store.getState().run(setCustomStyle, { surface: 'widget', key: 'accent_color', value: '#ffff99' });
    store.getState().run(setCustomStyle, { surface: 'widget', key: 'accent_text_color', value: '#ffffff' });
    const refused = await saver.publish();
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('custom style, styles.widget.accent_text_color') });
    store.getState().run(setCustomStyle, { surface: 'widget', key: 'accent_text_color', value: '#222222' });
    expect(await saver.publish()).toEqual({ ok: true });
    expect(api.calls.filter((c) => /^(save|publish)/.test(c))).toEqual(['save custom_style@1', 'publish widget@1', 'publish custom_style@2 widget']);
    expect((await api.load('custom_style')).document.styles).toEqual({ widget: { accent_color: '#ffff99', accent_text_color: '#222222' } });
  });

  it("saves its custom style on top of another studio's save, and stops at a real conflict with another tab of the same studio", async () => {
    const api = createMemoryApi();
    const widget = await openStudio(api, 'widget');
    const landing = await openStudio(api, 'landing_page');
    const otherWidgetTab = await openStudio(api, 'widget');

    widget.store.getState().run(setCustomStyle, { surface: 'widget', key: 'border_radius', value: 4 });
    expect(await widget.saver.save()).toBe(true);
    landing.store.getState().run(setCustomStyle, { surface: 'landing_page', key: 'border_radius', value: 20 });
    expect(await landing.saver.save()).toBe(true);
    const both = { widget: { border_radius: 4 }, landing_page: { border_radius: 20 } };
    expect((await api.load('custom_style')).document.styles).toEqual(both);
    expect(landing.store.getState().docs.custom_style?.styles).toEqual(both);
    expect(landing.store.getState().save.status).toBe('saved');
    landing.store.getState().undo();
    expect(landing.store.getState().docs.custom_style?.styles).toEqual({ widget: { border_radius: 4 } });

    otherWidgetTab.store.getState().run(setCustomStyle, { surface: 'widget', key: 'border_radius', value: 9 });
    expect(await otherWidgetTab.saver.save()).toBe(false);
    expect(otherWidgetTab.store.getState().save.status).toBe('conflict');
    expect((await api.load('custom_style')).document.styles).toEqual(both);
  });

  it("keeps an edit made while its custom style is saved on top of another studio's save", async () => {
    const api = createMemoryApi();
    const widget = await openStudio(api, 'widget');
    const landing = await openStudio(api, 'landing_page');
    widget.store.getState().run(setCustomStyle, { surface: 'widget', key: 'border_radius', value: 4 });
    await widget.saver.save();

    const load = api.load.bind(api);
    api.load = async (kind) => {
      landing.store.getState().run(setCustomStyle, { surface: 'landing_page', key: 'font_scale', value: 120 });
      return load(kind);
    };
    landing.store.getState().run(setCustomStyle, { surface: 'landing_page', key: 'border_radius', value: 20 });
    expect(await landing.saver.save()).toBe(false); // the edit made meanwhile is not saved yet
    api.load = load;
    expect(landing.store.getState().docs.custom_style?.styles).toEqual({ widget: { border_radius: 4 }, landing_page: { border_radius: 20, font_scale: 120 } });
    expect((await api.load('custom_style')).document.styles).toEqual({ widget: { border_radius: 4 }, landing_page: { border_radius: 20 } });
    expect(await landing.saver.save()).toBe(true);
    expect(landing.store.getState().docs.custom_style?.styles).toEqual({ widget: { border_radius: 4 }, landing_page: { border_radius: 20, font_scale: 120 } });
    expect((await api.load('custom_style')).document.styles).toEqual({ widget: { border_radius: 4 }, landing_page: { border_radius: 20, font_scale: 120 } });
  });

  it("publishes only its own surfaces' custom style, keeps the other studios' saved styles in the draft and goes on from the new draft", async () => {
    const api = createMemoryApi();
    const widget = await openStudio(api, 'widget');
    widget.store.getState().run(setCustomStyle, { surface: 'widget', key: 'border_radius', value: 4 });
    expect(await widget.saver.save()).toBe(true);

    const landing = await openStudio(api, 'landing_page');
    landing.store.getState().run(setCustomStyle, { surface: 'landing_page', key: 'border_radius', value: 20 });
    expect(await landing.saver.publish()).toEqual({ ok: true });
    const published = (await api.versions('custom_style')).find((v) => v.published)!;
    expect(landing.store.getState().versions.custom_style).toBe(published.version + 1);
    const draft = await api.load('custom_style');
    expect(draft).toMatchObject({
      draftVersion: published.version + 1,
      document: { styles: { widget: { border_radius: 4 }, landing_page: { border_radius: 20 } } },
    });

    landing.store.getState().run(setCustomStyle, { surface: 'landing_page', key: 'border_radius', value: 24 });
    expect(await landing.saver.save()).toBe(true);
    expect((await api.load('custom_style')).document.styles).toEqual({ widget: { border_radius: 4 }, landing_page: { border_radius: 24 } });
  });
});
