// @vitest-environment jsdom
import { Editor, Frame as CraftFrame, useEditor, type SerializedNodes } from '@craftjs/core';
import { render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../renderers/schema/index.ts';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS } from '../../presets/index.ts';
import type { SurfaceDocument } from '../api.ts';
import { fromCraftNodes, ROOT_ID, sectionNodeId, toCraftNodes } from './adapter.ts';
import { CRAFT_RESOLVER } from './resolver.tsx';

const KINDS = ['landing_page', 'widget', 'launcher', 'sticky_bar'] as const;
const PRESETS: [string, SurfaceDocument][] = KINDS.flatMap((kind) => [
  [`default ${kind}`, DEFAULT_DOCUMENTS[kind]] as [string, SurfaceDocument],
  [`demo ${kind}`, DEMO_DOCUMENTS[kind]] as [string, SurfaceDocument],
]);

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
    <Editor resolver={CRAFT_RESOLVER} enabled={false}>
      <CraftFrame data={JSON.stringify(nodes)} />
      <Capture />
    </Editor>,
  );
  await waitFor(() => expect(serialized).toBeDefined());
  view.unmount();
  return JSON.parse(serialized!) as SerializedNodes;
}

describe('craft adapter', () => {
  it.each(PRESETS)('round-trips the %s preset without loss', (_, doc) => {
    const back = fromCraftNodes(JSON.parse(JSON.stringify(toCraftNodes(doc))) as SerializedNodes);
    expect(back).toEqual(doc);
    expect(validateDocument(doc.kind, back).ok).toBe(true);
  });

  it.each(PRESETS)('round-trips the %s preset through a real craft editor', async (_, doc) => {
    expect(fromCraftNodes(await throughCraft(toCraftNodes(doc)))).toEqual(doc);
  });

  it('keeps section order as the root node order, and section ids apart from craft ids', () => {
    const doc = DEMO_DOCUMENTS.landing_page;
    const nodes = toCraftNodes(doc);
    expect(nodes[ROOT_ID]!.nodes).toEqual(doc.sections.map((s) => sectionNodeId(s.id)));
    const reordered = { ...nodes, [ROOT_ID]: { ...nodes[ROOT_ID]!, nodes: nodes[ROOT_ID]!.nodes.toReversed() } };
    expect((fromCraftNodes(reordered) as typeof doc).sections.map((s) => s.id)).toEqual(doc.sections.map((s) => s.id).toReversed());
  });

  it('refuses an unknown block instead of crashing', () => {
    const nodes = toCraftNodes(DEFAULT_DOCUMENTS.landing_page);
    const first = nodes[ROOT_ID]!.nodes[0]!;
    nodes[first] = { ...nodes[first]!, type: { resolvedName: 'carousel_of_doom' } };
    expect(() => fromCraftNodes(nodes)).toThrow(/Unknown section block "carousel_of_doom"/);
  });
});
