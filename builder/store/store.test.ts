import { describe, expect, it } from 'vitest';
import { moveSection, setContentField, setPalette, toggleVisible } from '../commands/index.ts';
import { freshDocs } from '../commands/testing.ts';
import { COALESCE_WINDOW_MS } from './history.ts';
import { createBuilderStore, dirtyKinds } from './store.ts';

function setup() {
  let clock = 1_000;
  const store = createBuilderStore({ docs: freshDocs(), now: () => clock });
  const tick = (ms: number) => {
    clock += ms;
  };
  const title = () => store.getState().docs.landing_page!.sections.find((s) => s.id === 'header')!.content.visitor.title;
  const type = (value: string) => store.getState().run(setContentField, { sectionId: 'header', audience: 'visitor', path: ['title'], value });
  return { store, tick, title, type };
}

describe('builder store history', () => {
  it('coalesces typing in one field into one undo step', () => {
    const { store, tick, title, type } = setup();
    const before = title();
    for (const value of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      type(value);
      tick(120);
    }
    expect(title()).toBe('Hello');
    expect(store.getState().history.past).toHaveLength(1);
    store.getState().undo();
    expect(title()).toBe(before);
    store.getState().redo();
    expect(title()).toBe('Hello');
  });

  it('starts a new step after a pause, a blur or another field', () => {
    const { store, tick, type } = setup();
    type('A');
    tick(COALESCE_WINDOW_MS + 1);
    type('AB');
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().sealHistory();
    type('ABC');
    expect(store.getState().history.past).toHaveLength(3);
    store.getState().run(setPalette, { key: 'primary_color', value: '#000000' });
    expect(store.getState().history.past).toHaveLength(4);
  });

  it('a command that changes nothing adds no step and keeps redo', () => {
    const { store } = setup();
    store.getState().run(toggleVisible, { sectionId: 'banner', visible: false });
    store.getState().undo();
    expect(store.getState().history.future).toHaveLength(1);
    const docs = store.getState().docs;
    expect(store.getState().run(toggleVisible, { sectionId: 'banner', visible: true })).toBe(false);
    expect(store.getState().docs).toBe(docs);
    expect(store.getState().history.past).toHaveLength(0);
    expect(store.getState().history.future).toHaveLength(1);
  });

  it('undo and redo walk every kind of step; a new edit clears redo', () => {
    const { store, type } = setup();
    const initial = store.getState().docs;
    store.getState().run(moveSection, { sectionId: 'banner', toIndex: 3 });
    store.getState().run(toggleVisible, { sectionId: 'timeline' });
    type('New');
    store.getState().undo();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().docs).toEqual(initial);
    store.getState().redo();
    expect(store.getState().docs.landing_page!.sections[3]!.id).toBe('banner');
    type('Other');
    expect(store.getState().history.future).toHaveLength(0);
  });

  it('keeps unchanged sections as the same objects (memoised canvas sections skip them)', () => {
    const { store, type } = setup();
    const before = store.getState().docs.landing_page!.sections;
    type('Changed');
    const after = store.getState().docs.landing_page!.sections;
    after.forEach((section, i) => {
      if (section.id === 'header') expect(section).not.toBe(before[i]);
      else expect(section).toBe(before[i]);
    });
  });

  it('tracks which documents differ from the saved ones', () => {
    const { store, type } = setup();
    expect(dirtyKinds(store.getState())).toEqual([]);
    type('Dirty');
    expect(dirtyKinds(store.getState())).toEqual(['landing_page']);
    store.getState().markSaved('landing_page', store.getState().docs.landing_page, 7);
    expect(dirtyKinds(store.getState())).toEqual([]);
    expect(store.getState().versions.landing_page).toBe(7);
  });
});

describe('restoring a version', () => {
  const restoredDoc = () => {
    const doc = freshDocs().landing_page!;
    doc.sections.find((s) => s.id === 'header')!.content.visitor.title = 'From version 3';
    return doc;
  };

  it('is one undo step: Undo brings back the canvas before it, Redo the restored version', () => {
    const { store, tick, title, type } = setup();
    type('Before restore');
    tick(100);
    store.getState().restore('landing_page', restoredDoc(), 9, 4);
    expect(title()).toBe('From version 3');
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().undo();
    expect(title()).toBe('Before restore');
    store.getState().redo();
    expect(title()).toBe('From version 3');
  });

  it('counts as saved at the restored draft version, and Undo makes the old document the next save', () => {
    const { store, type } = setup();
    type('Unsaved edit');
    store.getState().restore('landing_page', restoredDoc(), 9, 4);
    expect(dirtyKinds(store.getState())).toEqual([]);
    expect(store.getState().versions.landing_page).toBe(9);
    expect(store.getState().published.landing_page).toBe(4);
    store.getState().undo();
    expect(dirtyKinds(store.getState())).toEqual(['landing_page']);
  });

  it('typing right after it starts a new step, and other documents are untouched', () => {
    const { store, tick, title, type } = setup();
    const widget = store.getState().docs.widget;
    type('Before');
    store.getState().restore('landing_page', restoredDoc(), 2, null);
    tick(10);
    type('After');
    store.getState().undo();
    expect(title()).toBe('From version 3');
    expect(store.getState().docs.widget).toBe(widget);
  });

  it('load (a fresh fetch) still starts a clean history', () => {
    const { store, type } = setup();
    type('Edit');
    store.getState().restore('landing_page', restoredDoc(), 2, null);
    store.getState().load(freshDocs(), { landing_page: 3 }, {});
    expect(store.getState().history).toMatchObject({ past: [], future: [] });
  });
});
