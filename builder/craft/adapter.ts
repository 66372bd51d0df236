/**
 * Our settings documents ⇄ craft.js serialized nodes, without loss. Craft's node map is an
 * editor detail and is never saved: the document is. Resolver names are our stable block names
 * (`landing_page`, the section types, `widget`, `panel`, `launcher`, `sticky_bar`), so an
 * unknown name is refused with a clear message instead of crashing craft (craft.js #126).
 */
import type { SerializedNode, SerializedNodes } from '@craftjs/core';
import { PANEL_KEYS, SECTION_TYPES, type LandingPage, type PanelKey, type Panels, type Section, type Widget } from '../../renderers/schema/index.ts';
import type { SurfaceDocument, SurfaceKind } from '../api.ts';

export const ROOT_ID = 'ROOT';
export const sectionNodeId = (id: string) => `section:${id}`;
export const panelNodeId = (key: string) => `panel:${key}`;

export const BLOCK_NAMES = ['landing_page', ...SECTION_TYPES, 'widget', 'panel', 'launcher', 'sticky_bar'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

/**
 * Settings travel in one `settings` prop: craft drops top-level props that are null
 * (`selected_widget_type: null`) or named `key`, nested values it keeps as they are.
 */
function node(name: BlockName, settings: Record<string, unknown>, parent: string | null, nodes: string[] = [], isCanvas = false): SerializedNode {
  return {
    type: { resolvedName: name },
    isCanvas,
    props: { settings },
    displayName: name,
    custom: {},
    parent,
    hidden: false,
    nodes,
    linkedNodes: {},
  };
}

/** The props of each node kind: what `toCraftNodes` stores and the canvas keeps in sync. */
export const landingRootSettings = ({ sections: _sections, ...page }: LandingPage): Record<string, unknown> => page;
export const sectionSettings = ({ type: _type, ...props }: Section): Record<string, unknown> => props;
export const widgetRootSettings = ({ panels: _panels, ...widget }: Widget): Record<string, unknown> => widget;
export const panelSettings = (key: PanelKey, panel: Panels[PanelKey]): Record<string, unknown> => ({ panel: key, ...panel });

/** The craft node map of a document: a root holding the page-level settings, a child per section or panel. */
export function toCraftNodes(doc: SurfaceDocument): SerializedNodes {
  const copy = structuredClone(doc);
  if (copy.kind === 'landing_page') {
    const nodes: SerializedNodes = {
      [ROOT_ID]: node(
        'landing_page',
        landingRootSettings(copy),
        null,
        copy.sections.map((s) => sectionNodeId(s.id)),
        true,
      ),
    };
    for (const section of copy.sections) nodes[sectionNodeId(section.id)] = node(section.type, sectionSettings(section), ROOT_ID);
    return nodes;
  }
  if (copy.kind === 'widget') {
    const nodes: SerializedNodes = { [ROOT_ID]: node('widget', widgetRootSettings(copy), null, PANEL_KEYS.map(panelNodeId), true) };
    for (const key of PANEL_KEYS) nodes[panelNodeId(key)] = node('panel', panelSettings(key, copy.panels[key]), ROOT_ID);
    return nodes;
  }
  return { [ROOT_ID]: node(copy.kind, copy, null) };
}

const nameOf = (n: SerializedNode): string => (typeof n.type === 'string' ? n.type : n.type.resolvedName);
const settingsOf = (n: SerializedNode): Record<string, unknown> => structuredClone((n.props as { settings?: Record<string, unknown> }).settings ?? {});

function child(nodes: SerializedNodes, id: string): SerializedNode {
  const found = nodes[id];
  if (!found) throw new Error(`The craft node "${id}" is missing`);
  return found;
}

/** Back from craft's node map to our document (the root's kind decides the shape). */
export function fromCraftNodes(nodes: SerializedNodes): SurfaceDocument {
  const root = child(nodes, ROOT_ID);
  const rootName = nameOf(root);
  const props = settingsOf(root);
  if (rootName === 'landing_page') {
    const sections = root.nodes.map((id) => {
      const n = child(nodes, id);
      const type = nameOf(n);
      if (!(SECTION_TYPES as readonly string[]).includes(type)) throw new Error(`Unknown section block "${type}"`);
      const { id: sectionId, visible, content, style, layout } = settingsOf(n) as Omit<Section, 'type'>;
      return { id: sectionId, type, visible, content, style, layout } as Section;
    });
    return { ...(props as Omit<LandingPage, 'sections'>), sections };
  }
  if (rootName === 'widget') {
    const panels: Record<string, unknown> = {};
    for (const id of root.nodes) {
      const n = child(nodes, id);
      if (nameOf(n) !== 'panel') throw new Error(`Unknown widget block "${nameOf(n)}"`);
      const { panel: key, ...panel } = settingsOf(n) as { panel: string };
      panels[key] = panel;
    }
    return { ...(props as Omit<Widget, 'panels'>), panels: panels as Panels };
  }
  if (rootName === 'launcher' || rootName === 'sticky_bar') return props as SurfaceDocument;
  throw new Error(`Unknown block "${rootName}"`);
}

export const craftKindOf = (nodes: SerializedNodes): SurfaceKind => fromCraftNodes(nodes).kind;
