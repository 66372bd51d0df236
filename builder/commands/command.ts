/**
 * An editing command: a named, pure change of a studio's documents (the surfaces' by default, or
 * an email), run through immer so the store records patches for undo. `coalesce` names a group: consecutive runs with the same key
 * (typing in one field) become one history step.
 */
import type { Draft } from 'immer';
import type { SurfaceDocs } from '../store/documents.ts';

export interface Command<A, D = SurfaceDocs> {
  name: string;
  perform(docs: Draft<D>, args: A): void;
  coalesce?(args: A): string | undefined;
}

export const defineCommand = <A, D = SurfaceDocs>(command: Command<A, D>): Command<A, D> => command;

/** Sets `value` at `path` below `target`, creating objects on the way; `undefined` removes the key. */
export function setAtPath(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void {
  if (path.length === 0) throw new Error('Empty field path');
  let node: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === undefined || next === null) node[key] = {};
    else if (typeof next !== 'object') throw new Error(`Cannot set below ${String(key)}: not an object`);
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) throw new Error('Use remove-list-item to remove from a list');
    delete node[last];
  } else if (node[last] !== value) {
    node[last] = value;
  }
}

/** Moves the item at `from` to `to` inside `list` (both clamped to the list). */
export function moveItem<T>(list: T[], from: number, to: number): void {
  if (from < 0 || from >= list.length) return;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return;
  const [item] = list.splice(from, 1);
  list.splice(target, 0, item as T);
}
