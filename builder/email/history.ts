/**
 * The built-in email editor's document with undo/redo: whole-document snapshots (an email is
 * small), a burst of typing in one field merged into one step, no step for a no-op.
 */
import type { EmailDocument } from '../../renderers/contract/index.ts';
import { COALESCE_WINDOW_MS } from '../store/history.ts';

export interface EmailHistory {
  doc: EmailDocument;
  past: EmailDocument[];
  future: EmailDocument[];
  /** the last step's coalescing key and time */
  lastKey: string | undefined;
  lastAt: number;
}

export const startHistory = (doc: EmailDocument): EmailHistory => ({ doc, past: [], future: [], lastKey: undefined, lastAt: 0 });

const HISTORY_LIMIT = 200;

/** Applies an edit; with the same `key` within the coalescing window it merges into the last step. */
export function edit(history: EmailHistory, next: EmailDocument, key: string | undefined, now: number): EmailHistory {
  if (JSON.stringify(next) === JSON.stringify(history.doc)) return history;
  const merge = key !== undefined && key === history.lastKey && now - history.lastAt <= COALESCE_WINDOW_MS && history.past.length > 0;
  const past = merge ? history.past : [...history.past, history.doc].slice(-HISTORY_LIMIT);
  return { doc: next, past, future: [], lastKey: key, lastAt: now };
}

export function undo(history: EmailHistory): EmailHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { doc: previous, past: history.past.slice(0, -1), future: [history.doc, ...history.future], lastKey: undefined, lastAt: 0 };
}

export function redo(history: EmailHistory): EmailHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { doc: next, past: [...history.past, history.doc], future: rest, lastKey: undefined, lastAt: 0 };
}
