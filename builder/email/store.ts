/**
 * The built-in email editor's store: the email being edited, its undo history (the studios' one
 * patch history, builder/store/history.ts), the selected block, the preview choices and what was
 * last saved. Edits go through commands (./commands.ts); a view-only store refuses every one.
 */
import { createStore, type StoreApi } from 'zustand';
import type { EmailDocument } from '../../renderers/contract/index.ts';
import type { Command } from '../commands/command.ts';
import { EMPTY_HISTORY, record, redo, seal, undo, type History } from '../store/history.ts';
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
  /** `doc` is what the server now holds */
  markSaved(doc: EmailDocument): void;
  setSave(save: SaveState): void;
}

export type EmailStore = StoreApi<EmailState & EmailActions>;

export function createEmailStore(options: { doc: EmailDocument; readOnly?: boolean; now?: () => number }): EmailStore {
  const now = options.now ?? Date.now;
  return createStore<EmailState & EmailActions>()((set, get) => ({
    doc: options.doc,
    saved: options.doc,
    history: EMPTY_HISTORY,
    selected: null,
    device: 'desktop',
    memberId: null,
    save: { status: 'idle' },
    readOnly: options.readOnly ?? false,

    run(command, args) {
      const { doc, history, readOnly } = get();
      if (readOnly) return false;
      const result = record(doc, history, (draft) => command.perform(draft, args), command.coalesce?.(args), now());
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
    markSaved(doc) {
      set({ saved: doc, save: { status: 'saved', savedAt: now() } });
    },
    setSave(save) {
      set({ save });
    },
  }));
}
