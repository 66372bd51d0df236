/**
 * The studio store: a zustand store factory (one store per studio) holding the documents being
 * edited, the preview choices, the selection, the undo history and the save state. Components
 * read it through narrow selectors so a keystroke re-renders only what reads the changed part.
 */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import { DEFAULT_LANGUAGES, type Audience, type Device, type StoreLanguages } from '../../renderers/contract/index.ts';
import type { StudioKind } from '../api.ts';
import type { Command } from '../commands/command.ts';
import type { SurfaceDocs } from './documents.ts';
import { EMPTY_HISTORY, record, redo, seal, undo, type History } from './history.ts';
import { localizeDocs, performInLanguage } from './language.ts';
import { followLanguages, sameLanguages, writesIn } from './store-languages.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export interface SaveState {
  status: SaveStatus;
  message?: string | undefined;
  /** ms since epoch of the last successful save */
  savedAt?: number | undefined;
}

export interface BuilderState {
  docs: SurfaceDocs;
  /** the documents in the language being edited: what the canvas and the inspector show (`docs` itself in the default language) */
  view: SurfaceDocs;
  /** the store's default language and its others */
  languages: StoreLanguages;
  /** the language being edited: texts shown and written in it (the default writes the documents' own texts) */
  language: string;
  /** the language that was being edited when the store stopped writing in it (the studio went back to the default); null otherwise */
  languageDropped: string | null;
  /** the documents as last saved (or loaded), by reference: a kind is dirty when it differs */
  saved: SurfaceDocs;
  /** draft version each kind was loaded or saved at: the base of the next save */
  versions: Partial<Record<StudioKind, number>>;
  published: Partial<Record<StudioKind, number | null>>;
  audience: Audience;
  device: Device;
  /** selected section id (landing page), panel key (widget), or part ('bar'/'drawer'/'launcher') */
  selection: string | null;
  hovered: string | null;
  history: History;
  save: SaveState;
  /** the signed-in role may not edit (the studio opens to look): every command is refused */
  readOnly: boolean;
}

export interface BuilderActions {
  run<A>(command: Command<A>, args: A): boolean;
  undo(): void;
  redo(): void;
  /** end the current typing burst: the next edit is a new undo step */
  sealHistory(): void;
  select(id: string | null): void;
  hover(id: string | null): void;
  setAudience(audience: Audience): void;
  setDevice(device: Device): void;
  setLanguage(language: string): void;
  /** the store's languages as read again: the language being edited follows them (followLanguages) */
  setLanguages(languages: StoreLanguages): void;
  /** the merchant has read that the language being edited was dropped */
  dismissLanguageDropped(): void;
  /** replace the documents from the server (a fresh load or reload): clears the history */
  load(docs: SurfaceDocs, versions: Partial<Record<StudioKind, number>>, published: Partial<Record<StudioKind, number | null>>): void;
  /**
   * put a restored version on the canvas as one undo step (Undo brings back what was there); the
   * server already holds it as draft `version`, so it counts as saved
   */
  restore<K extends StudioKind>(kind: K, doc: SurfaceDocs[K], version: number, published: number | null): void;
  /**
   * `doc` is saved as draft `version`; `editing`, when given, replaces the document being edited
   * (a save that took in another studio's changes), without an undo step
   */
  markSaved(kind: StudioKind, doc: SurfaceDocs[StudioKind], version: number, editing?: SurfaceDocs[StudioKind]): void;
  /** `version` is now published; `draftVersion`, when given, is the draft to save on top of next */
  markPublished(kind: StudioKind, version: number, draftVersion?: number): void;
  setSave(save: SaveState): void;
}

export type BuilderStore = StoreApi<BuilderState & BuilderActions>;

export interface CreateBuilderStoreOptions {
  docs: SurfaceDocs;
  versions?: Partial<Record<StudioKind, number>>;
  published?: Partial<Record<StudioKind, number | null>>;
  audience?: Audience;
  device?: Device;
  now?: () => number;
  readOnly?: boolean;
  languages?: StoreLanguages;
}

export function createBuilderStore(options: CreateBuilderStoreOptions): BuilderStore {
  const now = options.now ?? Date.now;
  const opening = options.languages ?? DEFAULT_LANGUAGES;
  const store = createStore<BuilderState & BuilderActions>()((set, get) => ({
    docs: options.docs,
    view: localizeDocs(options.docs, opening.default),
    languages: opening,
    language: opening.default,
    languageDropped: null,
    saved: options.docs,
    versions: options.versions ?? {},
    published: options.published ?? {},
    audience: options.audience ?? 'visitor',
    device: options.device ?? 'desktop',
    selection: null,
    hovered: null,
    history: EMPTY_HISTORY,
    save: { status: 'idle' },
    readOnly: options.readOnly ?? false,

    run(command, args) {
      const {
        docs,
        history,
        readOnly,
        language,
        languages: { default: defaultLanguage },
      } = get();
      if (readOnly) return false;
      const recipe: Parameters<typeof record>[2] =
        language === defaultLanguage
          ? (draft) => command.perform(draft, args)
          : (draft) => performInLanguage(draft, docs, language, (target) => command.perform(target, args));
      const result = record(docs, history, recipe, command.coalesce?.(args) && `${language}:${command.coalesce(args)}`, now());
      if (result.changed) set({ docs: result.docs, history: result.history });
      return result.changed;
    },
    undo() {
      const result = undo(get().docs, get().history);
      if (result.changed) set({ docs: result.docs, history: result.history });
    },
    redo() {
      const result = redo(get().docs, get().history);
      if (result.changed) set({ docs: result.docs, history: result.history });
    },
    sealHistory() {
      const history = get().history;
      if (!history.sealed) set({ history: seal(history) });
    },
    select(id) {
      if (get().selection !== id) set({ selection: id, history: seal(get().history) });
    },
    hover(id) {
      if (get().hovered !== id) set({ hovered: id });
    },
    setAudience(audience) {
      if (get().audience !== audience) set({ audience, history: seal(get().history) });
    },
    setDevice(device) {
      if (get().device !== device) set({ device, history: seal(get().history) });
    },
    setLanguage(language) {
      const { languages: known, docs, view, history } = get();
      if (get().language === language || !writesIn(known, language)) return;
      // one update: the canvas draws the new language once
      set({ language, languageDropped: null, view: localizeDocs(docs, language, view), history: seal(history) });
    },
    setLanguages(languages) {
      const { languages: before, language: editing, docs, view, history } = get();
      if (sameLanguages(before, languages)) return;
      const { language, dropped } = followLanguages(before, languages, editing);
      if (language === editing) return set({ languages });
      set({ languages, language, languageDropped: dropped, view: localizeDocs(docs, language, view), history: seal(history) });
    },
    dismissLanguageDropped() {
      if (get().languageDropped !== null) set({ languageDropped: null });
    },
    load(docs, versions, published) {
      set({ docs, saved: docs, versions, published, history: EMPTY_HISTORY, save: { status: 'idle' } });
    },
    restore(kind, doc, version, published) {
      const { docs, history } = get();
      if (get().readOnly) return;
      const result = record(
        docs,
        seal(history),
        (draft) => {
          draft[kind] = doc as never;
        },
        undefined,
        now(),
      );
      const restored = result.docs[kind];
      set((state) => ({
        docs: result.docs,
        history: seal(result.history),
        saved: { ...state.saved, [kind]: restored },
        versions: { ...state.versions, [kind]: version },
        published: { ...state.published, [kind]: published },
      }));
    },
    markSaved(kind, doc, version, editing) {
      set((state) => ({
        saved: { ...state.saved, [kind]: doc },
        versions: { ...state.versions, [kind]: version },
        ...(editing !== undefined && { docs: { ...state.docs, [kind]: editing } }),
      }));
    },
    markPublished(kind, version, draftVersion) {
      set((state) => ({
        published: { ...state.published, [kind]: version },
        ...(draftVersion !== undefined && { versions: { ...state.versions, [kind]: draftVersion } }),
      }));
    },
    setSave(save) {
      set({ save });
    },
  }));
  // the view follows the documents and the language, sharing what a change leaves as it was
  store.subscribe((state, previous) => {
    if (state.view === previous.view && (state.docs !== previous.docs || state.language !== previous.language)) {
      store.setState({ view: localizeDocs(state.docs, state.language, previous.view) });
    }
  });
  return store;
}

/** Kinds whose document differs from the saved one. */
export function dirtyKinds(state: Pick<BuilderState, 'docs' | 'saved'>): StudioKind[] {
  return (Object.keys(state.docs) as StudioKind[]).filter((kind) => state.docs[kind] !== state.saved[kind]);
}

export const BuilderStoreContext = createContext<BuilderStore | null>(null);

export function useBuilderStore(): BuilderStore {
  const store = useContext(BuilderStoreContext);
  if (!store) throw new Error('useBuilder needs a BuilderStoreContext provider');
  return store;
}

/** Subscribes to one narrow slice of the studio state. */
export function useBuilder<T>(selector: (state: BuilderState & BuilderActions) => T): T {
  return useStore(useBuilderStore(), selector);
}
