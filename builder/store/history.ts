/**
 * Patch-based undo history (the craft.js idea: record immer patches, merge a burst of typing
 * into one step). Pure functions over an immutable history value, so they are easy to test; one
 * history for every studio, over whatever documents it edits (the surfaces' or an email).
 */
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

export interface HistoryEntry {
  patches: Patch[];
  inverse: Patch[];
  /** coalescing group of the command that made it */
  key: string | undefined;
  at: number;
}

export interface History {
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** when true the next command starts a new step even with the same key (blur, selection change) */
  sealed: boolean;
}

export const EMPTY_HISTORY: History = { past: [], future: [], sealed: false };
/** Typing pauses longer than this start a new step. */
export const COALESCE_WINDOW_MS = 1000;
const HISTORY_LIMIT = 300;

export interface Applied<D> {
  docs: D;
  history: History;
  changed: boolean;
}

/** Runs `recipe` on `docs` and records the step (or merges it into the last one). A no-op records nothing. */
export function record<D extends object>(docs: D, history: History, recipe: (draft: Draft<D>) => void, key: string | undefined, now: number): Applied<D> {
  const [next, patches, inverse] = produceWithPatches(docs, recipe);
  if (patches.length === 0) return { docs, history, changed: false };
  const last = history.past[history.past.length - 1];
  const merge = key !== undefined && last !== undefined && !history.sealed && last.key === key && now - last.at <= COALESCE_WINDOW_MS;
  const past = merge
    ? [...history.past.slice(0, -1), { patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse], key, at: now }]
    : [...history.past, { patches, inverse, key, at: now }].slice(-HISTORY_LIMIT);
  return { docs: next, history: { past, future: [], sealed: false }, changed: true };
}

export function undo<D extends object>(docs: D, history: History): Applied<D> {
  const last = history.past[history.past.length - 1];
  if (!last) return { docs, history, changed: false };
  return {
    docs: applyPatches(docs, last.inverse),
    history: { past: history.past.slice(0, -1), future: [last, ...history.future], sealed: true },
    changed: true,
  };
}

export function redo<D extends object>(docs: D, history: History): Applied<D> {
  const [next, ...rest] = history.future;
  if (!next) return { docs, history, changed: false };
  return {
    docs: applyPatches(docs, next.patches),
    history: { past: [...history.past, next], future: rest, sealed: true },
    changed: true,
  };
}

export const seal = (history: History): History => (history.sealed ? history : { ...history, sealed: true });
