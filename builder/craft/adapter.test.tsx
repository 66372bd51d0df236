// @vitest-environment jsdom
import { Editor, Frame as CraftFrame, useEditor, type SerializedNodes } from '@craftjs/core';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PANEL_KEYS, type LandingPage } from '../../renderers/contract/index.ts';
import { DEMO_DOCUMENTS } from '../../presets/index.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { BuilderStoreContext, createBuilderStore } from '../store/store.ts';
import { LAUNCHER_NODE_ID, nodeIdOf, ownerOf, panelNodeId, ROOT_ID, sectionNodeId, toCraftNodes, type CraftKind } from './adapter.ts';
import { CRAFT_RESOLVER } from './resolver.tsx';

afterEach(cleanup);

const landing = DEMO_DOCUMENTS.landing_page as LandingPage;
const docs = DEMO_DOCUMENTS as unknown as SurfaceDocs;

/** Loads nodes into a real craft editor and answers what craft serializes back. */
async function throughCraft(nodes: SerializedNodes): Promise<SerializedNodes> {
  let serialized: string | undefined;
  function Capture() {
    const { query } = useEditor();
    useEffect(() => {
      serialized = query.serialize();
    });
    return null;
  }
  const view = render(
    <BuilderStoreContext.Provider value={createBuilderStore({ docs })}>
      <Editor resolver={CRAFT_RESOLVER} enabled={false}>
        <CraftFrame data={JSON.stringify(nodes)} />
        <Capture />
      </Editor>
    </BuilderStoreContext.Provider>,
  );
  await waitFor(() => expect(serialized).toBeDefined());
  view.unmount();
  return JSON.parse(serialized!) as SerializedNodes;
}

const structure = (nodes: SerializedNodes) =>
  Object.fromEntries(
    Object.entries(nodes).map(([id, n]) => [id, { name: typeof n.type === 'string' ? n.type : n.type.resolvedName, props: n.props, nodes: n.nodes }]),
  );

describe('craft adapter', () => {
  it('holds the sections in page order, each naming its section and block, and no copy of the settings', () => {
    const nodes = toCraftNodes('landing_page', docs);
    expect(nodes[ROOT_ID]!.nodes).toEqual(landing.sections.map((s) => sectionNodeId(s.id)));
    for (const section of landing.sections) {
      expect(nodes[sectionNodeId(section.id)]).toMatchObject({ type: { resolvedName: section.type }, props: { owner: section.id }, parent: ROOT_ID });
    }
    const firstTitle = landing.sections[0]!.content.visitor.title!;
    expect(JSON.stringify(nodes)).not.toContain(firstTitle);
  });

  it('holds the widget panels in spec order and the launcher; the sticky bar is one root', () => {
    expect(toCraftNodes('widget', docs)[ROOT_ID]!.nodes).toEqual([...PANEL_KEYS.map(panelNodeId), LAUNCHER_NODE_ID]);
    expect(Object.keys(toCraftNodes('sticky_bar', docs))).toEqual([ROOT_ID]);
  });

  it.each(['landing_page', 'widget', 'sticky_bar'] as const)('the %s nodes go through a real craft editor unchanged', async (kind: CraftKind) => {
    const nodes = toCraftNodes(kind, docs);
    expect(structure(await throughCraft(nodes))).toEqual(structure(nodes));
  });

  it('maps every owner the studio selects to its node and back', () => {
    const owners: [CraftKind, string[]][] = [
      ['landing_page', landing.sections.map((s) => s.id)],
      ['widget', [...PANEL_KEYS, 'launcher']],
      ['sticky_bar', ['bar']],
    ];
    for (const [kind, list] of owners) {
      const nodes = toCraftNodes(kind, docs);
      for (const owner of list) {
        const nodeId = nodeIdOf(kind, owner);
        expect(nodes[nodeId], `${kind} ${owner}`).toBeDefined();
        expect(ownerOf(kind, nodeId)).toBe(owner);
      }
    }
    expect(ownerOf('landing_page', ROOT_ID)).toBeNull();
    expect(ownerOf('widget', ROOT_ID)).toBeNull();
    expect(ownerOf('landing_page', undefined)).toBeNull();
  });
});
