/**
 * The document on the canvas as a craft.js editor: its sections (or panels) are craft nodes drawn
 * by the resolver's blocks. Our store stays the source of truth: a change of structure rebuilds
 * craft's nodes at once; changed settings reach craft as prop updates of the changed nodes right
 * after the next paint, outside craft's history (undo is ours). Craft's select and hover events
 * on the canvas become the studio's selection and hover; selecting in the outline selects the
 * craft node.
 */
import { DefaultEventHandlers, Editor, Frame as CraftFrame, useEditor } from '@craftjs/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RenderContext } from '../../renderers/index.ts';
import type { SurfaceDocument } from '../api.ts';
import { OwnerConnectContext } from '../canvas/editable.tsx';
import { useBuilderStore, type BuilderStore } from '../store/store.ts';
import { panelNodeId, sectionNodeId, toCraftNodes } from './adapter.ts';
import { CRAFT_RESOLVER, CraftRenderContext, CraftWidgetViewContext, type WidgetView } from './resolver.tsx';
import { planCraftSync, structureChanged } from './sync.ts';

export type CraftKind = 'landing_page' | 'widget';

const NODE_PREFIX: Record<CraftKind, string> = { landing_page: 'section:', widget: 'panel:' };
const nodeIdOf = (kind: CraftKind, owner: string) => (kind === 'landing_page' ? sectionNodeId(owner) : panelNodeId(owner));
const ownerOf = (kind: CraftKind, nodeId: string | undefined) => (nodeId?.startsWith(NODE_PREFIX[kind]) ? nodeId.slice(NODE_PREFIX[kind].length) : null);

const singleSelectHandlers: NonNullable<Parameters<typeof Editor>[0]['handlers']> = (store) =>
  new DefaultEventHandlers({ store, isMultiSelectEnabled: () => false, removeHoverOnMouseleave: true });

/** Keeps craft's node map and events in step with the studio store, both ways. */
function StoreSync({ kind, store }: { kind: CraftKind; store: BuilderStore }) {
  const { actions, query, selected, hovered } = useEditor((state) => ({
    selected: [...state.events.selected][0],
    hovered: [...state.events.hovered][0],
  }));

  // documents and the outline's selection → craft: a new structure at once (the blocks are
  // craft's nodes); settings right after the next paint, coalesced (the blocks already draw the
  // store's settings, so typing never waits for craft)
  useEffect(() => {
    let synced = store.getState().docs[kind] as SurfaceDocument | undefined;
    let frame: number | undefined;
    let timer: number | undefined;
    const flush = () => {
      frame = timer = undefined;
      const next = store.getState().docs[kind] as SurfaceDocument | undefined;
      if (!next || !synced) return;
      const plan = planCraftSync(synced, next);
      synced = next;
      if (plan.kind === 'rebuild') actions.history.ignore().deserialize(plan.nodes);
      else if (plan.kind === 'props') {
        for (const [id, settings] of plan.updates)
          actions.history.ignore().setProp(id, (props: { settings: unknown }) => {
            props.settings = settings;
          });
      }
    };
    const unsubscribe = store.subscribe((state) => {
      const next = state.docs[kind] as SurfaceDocument | undefined;
      if (next && synced && next !== synced) {
        if (structureChanged(synced, next)) flush();
        else if (frame === undefined && timer === undefined)
          frame = requestAnimationFrame(() => {
            frame = undefined;
            timer = window.setTimeout(flush, 0);
          });
      }
      const wanted = state.selection === null ? undefined : nodeIdOf(kind, state.selection);
      const target = wanted && query.node(wanted).get() ? wanted : undefined;
      if (target !== [...query.getEvent('selected').all()][0]) actions.selectNode(target);
    });
    return () => {
      unsubscribe();
      if (frame !== undefined) cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
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

/** Hands the section and panel roots of the canvas to craft (select, hover, drop targets). */
function ConnectOwners({ kind, children }: { kind: CraftKind; children: ReactNode }) {
  const { connectors } = useEditor();
  const connect = useCallback((element: HTMLElement, owner: string) => connectors.connect(element, nodeIdOf(kind, owner)), [connectors, kind]);
  return <OwnerConnectContext.Provider value={connect}>{children}</OwnerConnectContext.Provider>;
}

export interface CraftCanvasProps {
  kind: CraftKind;
  ctx: RenderContext;
  /** the widget's previewed panel and inline editing (the landing page's come from EditableContext) */
  widgetView?: WidgetView;
  /** rendered inside the craft editor (tools that read craft's state) */
  children?: ReactNode;
}

export function CraftCanvas({ kind, ctx, widgetView, children }: CraftCanvasProps) {
  const store = useBuilderStore();
  // craft reads the initial nodes once; later changes arrive through StoreSync
  const [initial] = useState(() => {
    const doc = store.getState().docs[kind];
    return doc ? toCraftNodes(doc) : null;
  });
  const frame = useMemo(() => (initial ? <CraftFrame data={initial} /> : null), [initial]);
  if (!initial) return null;
  return (
    <Editor resolver={CRAFT_RESOLVER} handlers={singleSelectHandlers}>
      <StoreSync kind={kind} store={store} />
      {children}
      <ConnectOwners kind={kind}>
        <CraftRenderContext.Provider value={ctx}>
          <CraftWidgetViewContext.Provider value={widgetView ?? null}>{frame}</CraftWidgetViewContext.Provider>
        </CraftRenderContext.Provider>
      </ConnectOwners>
    </Editor>
  );
}
