/**
 * What a drag on the canvas means for the document. Craft moves or adds a node in its own map
 * when something is dropped; the studio turns that into one of its commands (move a section, add
 * one from a template), runs it on the store and craft's map is rebuilt from the store.
 */
import type { SectionType } from '../../renderers/contract/index.ts';
import { isSectionType } from './adapter.ts';

/** A child of the page root as craft holds it: its node id and block name. */
export interface CraftChild {
  nodeId: string;
  name: string;
}

export type CanvasEdit =
  | { kind: 'move'; sectionId: string; toIndex: number }
  | { kind: 'add'; type: SectionType; index: number }
  /** craft's order differs in a way no single command explains: rebuild it from the store */
  | { kind: 'resync' };

const moved = (order: readonly string[], id: string, toIndex: number) => {
  const next = order.filter((x) => x !== id);
  next.splice(toIndex, 0, id);
  return next;
};
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The edit that takes the store's `sections` to the order craft holds; null when they agree. */
export function editFromCraft(
  children: readonly CraftChild[],
  sections: readonly { id: string }[],
  sectionOf: (nodeId: string) => string | null,
): CanvasEdit | null {
  const order = sections.map((s) => s.id);
  const known = new Set(order);
  const ids = children.map((child) => {
    const id = sectionOf(child.nodeId);
    return id !== null && known.has(id) ? id : null;
  });
  const fresh = ids.flatMap((id, index) => (id === null ? [index] : []));
  const craftOrder = ids.filter((id): id is string => id !== null);
  if (fresh.length === 1 && same(craftOrder, order)) {
    const index = fresh[0]!;
    const name = children[index]!.name;
    return isSectionType(name) ? { kind: 'add', type: name, index } : { kind: 'resync' };
  }
  if (fresh.length > 0 || craftOrder.length !== order.length) return { kind: 'resync' };
  const first = craftOrder.findIndex((id, i) => id !== order[i]);
  if (first < 0) return null;
  const up = craftOrder[first]!;
  if (same(moved(order, up, first), craftOrder)) return { kind: 'move', sectionId: up, toIndex: first };
  const down = order[first]!;
  const toIndex = craftOrder.indexOf(down);
  if (same(moved(order, down, toIndex), craftOrder)) return { kind: 'move', sectionId: down, toIndex };
  return { kind: 'resync' };
}
