/**
 * The built-in email editor's store: the email being edited, its undo history (the studios' one
 * patch history, builder/store/history.ts), the selected block, the preview choices, the language
 * being edited and what was last saved. Edits go through commands (./commands.ts); in a language
 * other than the store's default their texts are that language's translations (as in the other
 * studios: builder/store/language.ts); a view-only store refuses every command.
 */
import { createStore, type StoreApi } from 'zustand';
import { DEFAULT_LANGUAGES, type EmailDocument, type StoreLanguages } from '../../renderers/contract/index.ts';
import type { Command } from '../commands/command.ts';
import { EMPTY_HISTORY, record, redo, seal, undo, type History } from '../store/history.ts';
import { performOnDocumentInLanguage } from '../store/language.ts';
import { followLanguages, sameLanguages, writesIn } from '../store/store-languages.ts';
import type { SaveState } from '../store/store.ts';

export interface EmailState {
  doc: EmailDocument;
  /** the email as last saved (or loaded): the editor has changes while `doc` differs */
  saved: EmailDocument;
  history: History;
  /** the selected block's id; null: the email's own settings */
  selected: string | null;
  device: 'desktop' | 'mobile';
  /** the member the preview shows (their name, balance…); null: sample data */
  memberId: number | null;
  /** the store's default language and its others */
  languages: StoreLanguages;
  /** the language being edited and previewed: texts are shown and written in it */
  language: string;
  /** the language that was being edited when the store stopped writing in it (the editor went back to the default); null otherwise */
  languageDropped: string | null;
  save: SaveState;
  readOnly: boolean;
}

export interface EmailActions {
  run<A>(command: Command<A, EmailDocument>, args: A): boolean;
  undo(): void;
  redo(): void;
  select(id: string | null): void;
  setDevice(device: EmailState['device']): void;
  setMember(memberId: number | null): void;
  /** one of the store's languages; any other is refused */
  setLanguage(language: string): void;
  /** the store's languages as read again: the language being edited follows them (followLanguages) */
  setLanguages(languages: StoreLanguages): void;
  /** the merchant has read that the language being edited was dropped */
  dismissLanguageDropped(): void;
  /** `doc` is what the server now holds */
  markSaved(doc: EmailDocument): void;
  setSave(save: SaveState): void;
}

export type EmailStore = StoreApi<EmailState & EmailActions>;

export function createEmailStore(options: { doc: EmailDocument; readOnly?: boolean; now?: () => number; languages?: StoreLanguages }): EmailStore {
  const now = options.now ?? Date.now;
  return createStore<EmailState & EmailActions>()((set, get) => ({
    doc: options.doc,
    saved: options.doc,
    history: EMPTY_HISTORY,
    selected: null,
    device: 'desktop',
    memberId: null,
    languages: options.languages ?? DEFAULT_LANGUAGES,
    language: (options.languages ?? DEFAULT_LANGUAGES).default,
    languageDropped: null,
    save: { status: 'idle' },
    readOnly: options.readOnly ?? false,

    run(command, args) {
      const { doc, history, readOnly, language, languages } = get();
      if (readOnly) return false;
      const recipe: Parameters<typeof record<EmailDocument>>[2] =
        language === languages.default
          ? (draft) => command.perform(draft, args)
          : (draft) => performOnDocumentInLanguage(draft, doc, language, (target) => command.perform(target, args));
      const coalesce = command.coalesce?.(args);
      const result = record(doc, history, recipe, coalesce && `${language}:${coalesce}`, now());
      if (result.changed) set({ doc: result.docs, history: result.history });
      return result.changed;
    },
    undo() {
      const result = undo(get().doc, get().history);
      if (result.changed) set({ doc: result.docs, history: result.history });
    },
    redo() {
      const result = redo(get().doc, get().history);
      if (result.changed) set({ doc: result.docs, history: result.history });
    },
    select(id) {
      if (get().selected !== id) set({ selected: id, history: seal(get().history) });
    },
    setDevice(device) {
      set({ device });
    },
    setMember(memberId) {
      set({ memberId });
    },
    setLanguage(language) {
      if (get().language !== language && writesIn(get().languages, language)) set({ language, languageDropped: null, history: seal(get().history) });
    },
    setLanguages(languages) {
      const { languages: before, language: editing, history } = get();
      if (sameLanguages(before, languages)) return;
      const { language, dropped } = followLanguages(before, languages, editing);
      if (language === editing) return set({ languages });
      set({ languages, language, languageDropped: dropped, history: seal(history) });
    },
    dismissLanguageDropped() {
      if (get().languageDropped !== null) set({ languageDropped: null });
    },
    markSaved(doc) {
      set({ saved: doc, save: { status: 'saved', savedAt: now() } });
    },
    setSave(save) {
      set({ save });
    },
  }));
}
