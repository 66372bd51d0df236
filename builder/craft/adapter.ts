/**
 * The studio's documents as craft.js nodes. Craft holds the canvas's structure only (which
 * sections, in which order; the widget's panels and launcher; the sticky bar): a node names its
 * owner (section id, panel key) and its block, never a copy of the settings — the blocks draw
 * the studio store's settings, so there is one truth and nothing to keep in step per keystroke.
 * Resolver names are our stable block names (`landing_page`, the section types, `widget`,
 * `panel`, `launcher`, `sticky_bar`). Craft's node map is an editor detail and is never saved.
 */
import type { SerializedNode, SerializedNodes } from '@craftjs/core';
import { PANEL_KEYS, SECTION_TYPES, type SectionType } from '../../renderers/contract/index.ts';
import type { SurfaceDocs } from '../store/documents.ts';

export const ROOT_ID = 'ROOT';
export const sectionNodeId = (id: string) => `section:${id}`;
export const panelNodeId = (key: string) => `panel:${key}`;
export const LAUNCHER_NODE_ID = 'launcher';

export const BLOCK_NAMES = ['landing_page', ...SECTION_TYPES, 'widget', 'panel', 'launcher', 'sticky_bar'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

/** The document kind whose structure a studio's craft editor holds. */
export type CraftKind = 'landing_page' | 'widget' | 'sticky_bar';

/** The props of a node: the owner it stands for (section id or panel key), nothing else. */
export interface BlockProps {
  owner?: string;
}

function node(name: BlockName, parent: string | null, props: BlockProps = {}, nodes: string[] = [], isCanvas = false): SerializedNode {
  return { type: { resolvedName: name }, isCanvas, props, displayName: name, custom: {}, parent, hidden: false, nodes, linkedNodes: {} };
}

/** The craft node map of a studio's documents: a root and a child per section, or per panel and the launcher. */
export function toCraftNodes(kind: CraftKind, docs: SurfaceDocs): SerializedNodes {
  if (kind === 'landing_page') {
    const sections = docs.landing_page?.sections ?? [];
    const nodes: SerializedNodes = {
      [ROOT_ID]: node(
        'landing_page',
        null,
        {},
        sections.map((s) => sectionNodeId(s.id)),
        true,
      ),
    };
    for (const section of sections) nodes[sectionNodeId(section.id)] = node(section.type, ROOT_ID, { owner: section.id });
    return nodes;
  }
  if (kind === 'widget') {
    const nodes: SerializedNodes = { [ROOT_ID]: node('widget', null, {}, [...PANEL_KEYS.map(panelNodeId), LAUNCHER_NODE_ID], true) };
    for (const key of PANEL_KEYS) nodes[panelNodeId(key)] = node('panel', ROOT_ID, { owner: key });
    nodes[LAUNCHER_NODE_ID] = node('launcher', ROOT_ID);
    return nodes;
  }
  return { [ROOT_ID]: node('sticky_bar', null) };
}

/** What decides craft's node map: a change of it rebuilds the nodes (settings changes never do). */
export const craftStructure = (kind: CraftKind, docs: SurfaceDocs): string =>
  kind === 'landing_page' ? (docs.landing_page?.sections.map((s) => `${s.id}:${s.type}`).join('\n') ?? '') : kind;

/** The craft node of an owner the studio selects: a section id, a panel key, `launcher`, `bar`. */
export function nodeIdOf(kind: CraftKind, owner: string): string {
  if (kind === 'landing_page') return sectionNodeId(owner);
  if (kind === 'sticky_bar') return ROOT_ID;
  return owner === 'launcher' ? LAUNCHER_NODE_ID : panelNodeId(owner);
}

/** The studio's owner of a craft node; null for the page or widget root. */
export function ownerOf(kind: CraftKind, nodeId: string | undefined): string | null {
  if (nodeId === undefined) return null;
  if (kind === 'sticky_bar') return nodeId === ROOT_ID ? 'bar' : null;
  if (kind === 'widget' && nodeId === LAUNCHER_NODE_ID) return 'launcher';
  const prefix = kind === 'landing_page' ? 'section:' : 'panel:';
  return nodeId.startsWith(prefix) ? nodeId.slice(prefix.length) : null;
}

export const isSectionType = (name: string): name is SectionType => (SECTION_TYPES as readonly string[]).includes(name);
