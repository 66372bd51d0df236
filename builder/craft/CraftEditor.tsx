/**
 * The studio's craft.js editor, around the whole studio (the outline's block palette and the
 * canvas share it). Our store stays the source of truth: craft holds the canvas's structure and
 * gives it its interaction — select and hover on every surface, dragging sections to another
 * place, dropping a new section from the palette. Each interaction becomes the studio's
 * selection or one of its commands; a change of structure in the store rebuilds craft's nodes.
 */
import { DefaultEventHandlers, Editor, useEditor } from '@craftjs/core';
import { createContext, useCallback, useEffect, type ReactNode } from 'react';
import { OwnerConnectContext } from '../canvas/editable.tsx';
import { addSection, moveSection } from '../commands/index.ts';
import { useBuilderStore, type BuilderStore } from '../store/store.ts';
import { craftStructure, nodeIdOf, ownerOf, ROOT_ID, toCraftNodes, type CraftKind } from './adapter.ts';
import { CRAFT_RESOLVER } from './resolver.tsx';
import { editFromCraft, type CanvasEdit } from './sync.ts';

/** The kind of the studio's craft editor, for the canvas's frame and the palette; null outside one. */
export const CraftKindContext = createContext<CraftKind | null>(null);

const singleSelectHandlers: NonNullable<Parameters<typeof Editor>[0]['handlers']> = (store) =>
  new DefaultEventHandlers({ store, isMultiSelectEnabled: () => false, removeHoverOnMouseleave: true });

/** Keeps craft's nodes and selection in step with the studio store, and the canvas's events with the studio. */
function StoreSync({ kind, store }: { kind: CraftKind; store: BuilderStore }) {
  const { actions, query, selected, hovered } = useEditor((state) => ({
    selected: [...state.events.selected][0],
    hovered: [...state.events.hovered][0],
  }));

  // the store → craft: a new structure rebuilds the nodes; the outline's selection selects the node
  useEffect(() => {
    let structure = craftStructure(kind, store.getState().docs);
    return store.subscribe((state) => {
      const next = craftStructure(kind, state.docs);
      if (next !== structure) {
        structure = next;
        actions.history.ignore().deserialize(toCraftNodes(kind, state.docs));
      }
      const wanted = state.selection === null ? undefined : nodeIdOf(kind, state.selection);
      const target = wanted && query.node(wanted).get() ? wanted : undefined;
      if (target !== [...query.getEvent('selected').all()][0]) actions.selectNode(target);
    });
  }, [actions, query, store, kind]);

  // the canvas's clicks and hovers → the studio's selection and hover
  useEffect(() => {
    const owner = ownerOf(kind, selected);
    if (owner !== null && store.getState().selection !== owner) store.getState().select(owner);
  }, [kind, selected, store]);
  useEffect(() => {
    store.getState().hover(ownerOf(kind, hovered));
  }, [kind, hovered, store]);
  return null;
}

/**
 * A drop on the canvas (craft moved a section or added one from the palette) → the studio's
 * command, after craft's own update; the store's change then rebuilds craft's nodes. When no
 * command explains craft's map, or the command changes nothing, craft is put back as the store has it.
 */
function DropsAsCommands({ store }: { store: BuilderStore }) {
  const { actions, store: craft } = useEditor();
  useEffect(() => {
    const rebuild = () => actions.history.ignore().deserialize(toCraftNodes('landing_page', store.getState().docs));
    const apply = (edit: CanvasEdit) => {
      const state = store.getState();
      const before = state.docs;
      if (edit.kind === 'move') state.run(moveSection, { sectionId: edit.sectionId, toIndex: edit.toIndex });
      if (edit.kind === 'add') {
        const ids = new Set(before.landing_page?.sections.map((s) => s.id));
        state.run(addSection, { type: edit.type, index: edit.index });
        const added = store.getState().docs.landing_page?.sections.find((s) => !ids.has(s.id));
        if (added) store.getState().select(added.id);
      }
      if (store.getState().docs === before) rebuild();
    };
    return craft.subscribe(
      (state) => state.nodes[ROOT_ID]?.data.nodes.map((nodeId) => ({ nodeId, name: state.nodes[nodeId]?.data.name ?? '' })),
      (children) => {
        const sections = store.getState().docs.landing_page?.sections;
        const edit = children && sections ? editFromCraft(children, sections, (nodeId) => ownerOf('landing_page', nodeId)) : null;
        if (edit) queueMicrotask(() => apply(edit));
      },
    );
  }, [actions, craft, store]);
  return null;
}

/** Gives the canvas's owner roots (sections, panels, launcher, bar) to craft: select, hover and, for sections, drag. */
function ConnectOwners({ kind, children }: { kind: CraftKind; children: ReactNode }) {
  const { connectors } = useEditor();
  const connect = useCallback(
    (element: HTMLElement, owner: string) => {
      const nodeId = nodeIdOf(kind, owner);
      connectors.connect(element, nodeId);
      if (kind === 'landing_page') connectors.drag(element, nodeId);
    },
    [connectors, kind],
  );
  return <OwnerConnectContext.Provider value={connect}>{children}</OwnerConnectContext.Provider>;
}

export function CraftEditor({ kind, children }: { kind: CraftKind; children: ReactNode }) {
  const store = useBuilderStore();
  return (
    <Editor resolver={CRAFT_RESOLVER} handlers={singleSelectHandlers}>
      <StoreSync kind={kind} store={store} />
      {kind === 'landing_page' && <DropsAsCommands store={store} />}
      <CraftKindContext.Provider value={kind}>
        <ConnectOwners kind={kind}>{children}</ConnectOwners>
      </CraftKindContext.Provider>
    </Editor>
  );
}
