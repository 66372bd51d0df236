/**
 * How a document change reaches craft's node map. Our store is the source of truth (commands,
 * undo, save); craft holds the same settings in its nodes and draws them. A change of settings
 * becomes prop updates of exactly the nodes whose objects changed (immer keeps the others as
 * they were, so a keystroke updates one node); a change of structure (a section added, moved,
 * deleted) rebuilds the node map.
 */
import type { SerializedNodes } from '@craftjs/core';
import { PANEL_KEYS } from '../../renderers/schema/index.ts';
import type { SurfaceDocument } from '../api.ts';
import { landingRootSettings, panelNodeId, panelSettings, ROOT_ID, sectionNodeId, sectionSettings, toCraftNodes, widgetRootSettings } from './adapter.ts';

export type CraftSyncPlan =
  { kind: 'none' } | { kind: 'props'; updates: [nodeId: string, settings: Record<string, unknown>][] } | { kind: 'rebuild'; nodes: SerializedNodes };

/** Top-level settings other than `except` differ by reference. */
function rootChanged<T extends object>(before: T, after: T, except: keyof T): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T>;
  for (const key of keys) if (key !== except && before[key] !== after[key]) return true;
  return false;
}

const shape = (doc: SurfaceDocument) => (doc.kind === 'landing_page' ? doc.sections.map((s) => `${s.id}:${s.type}`).join('\n') : doc.kind);

/** The nodes themselves differ (sections added, moved, deleted): craft must rebuild its node map. */
export const structureChanged = (before: SurfaceDocument, after: SurfaceDocument): boolean =>
  before !== after && (before.kind !== after.kind || shape(before) !== shape(after) || (after.kind !== 'landing_page' && after.kind !== 'widget'));

export function planCraftSync(before: SurfaceDocument, after: SurfaceDocument): CraftSyncPlan {
  if (before === after) return { kind: 'none' };
  if (structureChanged(before, after)) return { kind: 'rebuild', nodes: toCraftNodes(after) };
  const updates: [string, Record<string, unknown>][] = [];
  if (after.kind === 'landing_page' && before.kind === 'landing_page') {
    if (rootChanged(before, after, 'sections')) updates.push([ROOT_ID, landingRootSettings(after)]);
    after.sections.forEach((section, index) => {
      if (section !== before.sections[index]) updates.push([sectionNodeId(section.id), sectionSettings(section)]);
    });
  } else if (after.kind === 'widget' && before.kind === 'widget') {
    if (rootChanged(before, after, 'panels')) updates.push([ROOT_ID, widgetRootSettings(after)]);
    for (const key of PANEL_KEYS) {
      if (after.panels[key] !== before.panels[key]) updates.push([panelNodeId(key), panelSettings(key, after.panels[key])]);
    }
  }
  return updates.length ? { kind: 'props', updates } : { kind: 'none' };
}
