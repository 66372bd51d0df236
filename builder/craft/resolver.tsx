/**
 * Craft's resolver: one user component per block name, drawing the node's settings with the
 * renderers' own components, so what craft draws on the canvas is the shopper's markup.
 * The landing page root is `<LandingPage responsive>`'s root element with the sections as craft
 * children; the widget root is `<Widget inline>` with its panels read from the panel nodes (only
 * the previewed panel is drawn, as on the storefront). The render context (audience, device,
 * sample data) and the widget's view (which panel) come from the canvas through context;
 * without them (serializing in tests) the blocks draw nothing.
 *
 * Inside a studio the blocks draw the studio store's current settings of their node: the store
 * leads and craft's props follow right after the frame is painted (CraftCanvas), so a keystroke
 * reaches the screen without waiting for craft's bookkeeping. Outside a studio they draw the props.
 */
import { useEditor, type UserComponent } from '@craftjs/core';
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { LandingSection, landingRootProperties, Widget, type Editable, type RenderContext } from '../../renderers/index.ts';
import {
  PANEL_KEYS,
  SECTION_TYPES,
  type LandingPage,
  type PanelKey,
  type Panels,
  type Section,
  type SectionType,
  type Widget as WidgetDocument,
} from '../../renderers/schema/index.ts';
import { BuilderStoreContext } from '../store/store.ts';
import type { SurfaceDocs } from '../store/documents.ts';
import { BLOCK_NAMES, panelNodeId, type BlockName } from './adapter.ts';

export const CraftRenderContext = createContext<RenderContext | null>(null);

export interface WidgetView {
  panel: PanelKey | 'home';
  onNavigate(panel: PanelKey | 'home'): void;
  editable?: Editable | undefined;
}
export const CraftWidgetViewContext = createContext<WidgetView | null>(null);

interface BlockProps {
  settings: Record<string, unknown>;
  children?: ReactNode;
}

const noSubscription = () => () => undefined;

/** A slice of the studio's documents, live; undefined outside a studio. */
function useStudioDocs<T>(pick: (docs: SurfaceDocs) => T | undefined): T | undefined {
  const store = useContext(BuilderStoreContext);
  return useSyncExternalStore(store?.subscribe ?? noSubscription, () => (store ? pick(store.getState().docs) : undefined));
}

function LandingRootBlock({ settings, children }: BlockProps) {
  const ctx = useContext(CraftRenderContext);
  const props = settings as Omit<LandingPage, 'sections'>;
  const global = useStudioDocs((docs) => docs.landing_page?.global) ?? props.global;
  const theme = useStudioDocs((docs) => docs.landing_page?.theme) ?? props.theme;
  const style = useMemo(() => (ctx ? landingRootProperties(global, theme, ctx) : {}) as CSSProperties, [global, theme, ctx]);
  if (!ctx) return null;
  return (
    <div className="ls-root ls-landing" data-theme={theme} data-audience={ctx.audience} style={style}>
      {children}
    </div>
  );
}

function sectionBlock(type: SectionType): UserComponent<BlockProps> {
  const Block: UserComponent<BlockProps> = ({ settings }) => {
    const ctx = useContext(CraftRenderContext);
    const live = useStudioDocs((docs) => docs.landing_page?.sections.find((s) => s.id === settings.id));
    const section = useMemo(() => live ?? ({ type, ...settings } as Section), [live, settings]);
    // craft's props catching up with the store re-render the block, not the section
    return useMemo(() => (ctx ? <LandingSection section={section} ctx={ctx} /> : null), [section, ctx]);
  };
  Block.craft = { displayName: type };
  return Block;
}

/** The panels as the panel nodes hold them (each node's settings object, unchanged ones as they were). */
function usePanels(): Panels {
  const { nodes } = useEditor((state) => ({
    nodes: PANEL_KEYS.map((key) => (state.nodes[panelNodeId(key)]?.data.props as BlockProps | undefined)?.settings),
  }));
  return useMemo(
    () =>
      Object.fromEntries(
        PANEL_KEYS.map((key, index) => {
          const { panel: _key, ...panel } = nodes[index] ?? {};
          return [key, panel];
        }),
      ) as Panels,
    [nodes],
  );
}

function WidgetRootBlock({ settings }: BlockProps) {
  const ctx = useContext(CraftRenderContext);
  const view = useContext(CraftWidgetViewContext);
  const panels = usePanels();
  const live = useStudioDocs((docs) => docs.widget);
  const doc = useMemo(() => live ?? ({ ...settings, panels } as WidgetDocument), [live, settings, panels]);
  if (!ctx || !view) return null;
  return <Widget doc={doc} ctx={ctx} inline panel={view.panel} onNavigate={view.onNavigate} editable={view.editable} />;
}

/** A distinct component per name: craft serializes a node by finding its component in the resolver. */
function named(name: BlockName, Component: (props: BlockProps) => ReactNode = () => null): UserComponent<BlockProps> {
  const Block: UserComponent<BlockProps> = (props) => createElement(Component, props);
  Block.craft = { displayName: name };
  return Block;
}

/** Panels are drawn by the widget root; the launcher and the sticky bar are drawn outside craft. */
export const CRAFT_RESOLVER = {
  ...Object.fromEntries(BLOCK_NAMES.map((name) => [name, named(name)])),
  ...Object.fromEntries(SECTION_TYPES.map((type) => [type, sectionBlock(type)])),
  landing_page: named('landing_page', LandingRootBlock),
  widget: named('widget', WidgetRootBlock),
} as Record<BlockName, UserComponent<BlockProps>>;
