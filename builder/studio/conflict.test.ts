import { describe, expect, it } from 'vitest';
import { setContentField } from '../commands/index.ts';
import type { BuilderApi } from '../api.ts';
import { createBuilderStore } from '../store/store.ts';
import { findConflicts, keepMine, keepTheirs } from './conflict.ts';
import { createMemoryApi } from './memory-api.ts';
import { createSaver } from './saver.ts';

type Landing = Awaited<ReturnType<BuilderApi['load']>>['document'];
const titleOf = (doc: unknown) => (doc as Extract<Landing, { kind: 'landing_page' }>).sections.find((s) => s.id === 'header')!.content.visitor.title;

/** One editor's landing page studio on the shared `api`. */
async function editor(api: BuilderApi) {
  const record = await api.load('landing_page');
  const store = createBuilderStore({ docs: { landing_page: record.document }, versions: { landing_page: record.draftVersion } });
  const saver = createSaver(store, api, ['landing_page']);
  const edit = (value: string) => store.getState().run(setContentField, { sectionId: 'header', audience: 'visitor', path: ['title'], value });
  const title = () => titleOf(store.getState().docs.landing_page);
  return { store, saver, edit, title };
}

/** Both editors opened version 1; the first saved "Theirs" (version 2); the second edited "Mine" and its save conflicted. */
async function inConflict() {
  const api = createMemoryApi();
  const first = await editor(api);
  const second = await editor(api);
  first.edit('Theirs');
  expect(await first.saver.save()).toBe(true);
  second.edit('Mine');
  expect(await second.saver.save()).toBe(false);
  expect(second.store.getState().save.status).toBe('conflict');
  const conflicts = await findConflicts(second.store, api);
  return { api, first, second, conflicts };
}

/** How each version resolved a conflict, and what it was restored from, newest first. */
const resolutions = async (api: BuilderApi) =>
  (await api.versions('landing_page')).map(({ version, conflict, restoredFrom }) => [version, conflict ?? null, restoredFrom?.version ?? null]);

const versionTitles = async (api: BuilderApi) => {
  const titles: Record<number, string> = {};
  for (const { version } of await api.versions('landing_page')) {
    await api.restore('landing_page', version);
    titles[version] = titleOf((await api.load('landing_page')).document) ?? '';
  }
  return titles;
};

describe('two editors in conflict', () => {
  it('finds the conflicting draft with both versions', async () => {
    const { conflicts } = await inConflict();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ kind: 'landing_page', theirVersion: 2 });
    expect(titleOf(conflicts[0]!.mine)).toBe('Mine');
    expect(titleOf(conflicts[0]!.theirs)).toBe('Theirs');
  });

  it('Keep mine: mine is the draft, theirs stays in History, and autosave goes on', async () => {
    const { api, second, conflicts } = await inConflict();
    const result = await keepMine(second.store, second.saver, conflicts);
    expect(result).toMatchObject({ ok: true, kept: [{ kind: 'landing_page', version: 2 }] });
    expect(second.store.getState().save).toMatchObject({ status: 'saved', message: expect.stringContaining('version 2') });
    expect(titleOf((await api.load('landing_page')).document)).toBe('Mine');
    second.edit('Mine, later');
    expect(await second.saver.save()).toBe(true);
    // mine is saved as kept over theirs (History says so); the saves after it are plain
    expect(await resolutions(api)).toEqual([
      [4, null, null],
      [3, 'kept_over', null],
      [2, null, null],
      [1, null, null],
    ]);
    expect(await versionTitles(api)).toMatchObject({ 2: 'Theirs', 3: 'Mine', 4: 'Mine, later' });
  });

  it('Keep theirs: theirs is the draft on the canvas, mine is kept in History, Undo brings it back; the other editor saves on without a conflict', async () => {
    const { api, first, second, conflicts } = await inConflict();
    const result = await keepTheirs(second.store, api, second.saver, conflicts);
    expect(result).toMatchObject({ ok: true, kept: [{ kind: 'landing_page', version: 3 }] });
    expect(second.title()).toBe('Theirs');
    expect(second.store.getState().versions.landing_page).toBe(4);
    expect(second.store.getState().save.status).toBe('saved');
    expect(titleOf((await api.load('landing_page')).document)).toBe('Theirs');
    // the first editor keeps going: its saved content is the draft's, so no conflict
    first.edit('Theirs, later');
    expect(await first.saver.save()).toBe(true);
    expect(first.store.getState().save.status).toBe('saved');
    // mine is recoverable: in History, and Undo in the second studio
    second.store.getState().undo();
    expect(second.title()).toBe('Mine');
    // mine was saved as set aside, theirs restored on top of it
    expect((await resolutions(api)).slice(1)).toEqual([
      [4, null, 2],
      [3, 'set_aside', null],
      [2, null, null],
      [1, null, null],
    ]);
    expect(await versionTitles(api)).toMatchObject({ 2: 'Theirs', 3: 'Mine', 4: 'Theirs', 5: 'Theirs, later' });
  });

  it('Keep theirs stays in conflict, mine untouched, when someone saves again meanwhile', async () => {
    const { api, first, second, conflicts } = await inConflict();
    const saveDraft = api.saveDraft.bind(api);
    let once = true;
    api.saveDraft = async (kind, base, doc) => {
      if (once) {
        once = false;
        first.edit('Theirs again');
        await first.saver.save(); // lands between the second editor's load and save
      }
      return saveDraft(kind, base, doc);
    };
    const result = await keepTheirs(second.store, api, second.saver, conflicts);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/saved again/) });
    expect(second.store.getState().save.status).toBe('conflict');
    expect(second.title()).toBe('Mine');
  });
});
