/**
 * Craft's resolver: one user component per block name, drawing the studio store's settings of
 * its owner with the renderers' own components, so what craft draws on the canvas is the
 * shopper's markup. The landing page root is `<LandingPage responsive>`'s root element with the
 * sections as craft children (and the drop target of drags); the widget root is `<Widget inline>`
 * (only the previewed panel is drawn, as on the storefront). The render context (audience,
 * device, program) and the widget's view (which panel) come from the canvas through context;
 * without them the blocks draw nothing. The launcher and the sticky bar are drawn by their
 * canvases and handed to craft as the `launcher` node and the sticky bar root.
 */
import { useNode, type UserComponent } from '@craftjs/core';
import { createContext, createElement, useCallback, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { LandingSection, landingRootProperties, textDirection, Widget, type Editable, type RenderContext } from '../../renderers/index.ts';
import { SECTION_TYPES, type PanelKey } from '../../renderers/contract/index.ts';
import { useBuilder } from '../store/store.ts';
import { BLOCK_NAMES, type BlockName, type BlockProps } from './adapter.ts';

export const CraftRenderContext = createContext<RenderContext | null>(null);

export interface WidgetView {
  panel: PanelKey | 'home';
  onNavigate(panel: PanelKey | 'home'): void;
  editable?: Editable | undefined;
}
export const CraftWidgetViewContext = createContext<WidgetView | null>(null);

type Props = BlockProps & { children?: ReactNode };

function LandingRootBlock({ children }: Props) {
  const ctx = useContext(CraftRenderContext);
  const global = useBuilder((s) => s.docs.landing_page?.global);
  const theme = useBuilder((s) => s.docs.landing_page?.theme);
  const { connectors } = useNode();
  // the page root is where sections are dropped
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      if (element) connectors.connect(element);
    },
    [connectors],
  );
  const style = useMemo(() => (ctx && global && theme ? landingRootProperties(global, theme, ctx) : {}) as CSSProperties, [global, theme, ctx]);
  if (!ctx || !theme) return null;
  return (
    <div
      ref={ref}
      className="ls-root ls-landing"
      lang={ctx.locale}
      dir={textDirection(ctx.locale)}
      data-theme={theme}
      data-audience={ctx.audience}
      style={style}
    >
      {children}
    </div>
  );
}

function SectionBlock({ owner }: Props) {
  const ctx = useContext(CraftRenderContext);
  const section = useBuilder((s) => s.view.landing_page?.sections.find((candidate) => candidate.id === owner));
  return useMemo(() => (ctx && section ? <LandingSection section={section} ctx={ctx} /> : null), [section, ctx]);
}

function WidgetRootBlock() {
  const ctx = useContext(CraftRenderContext);
  const view = useContext(CraftWidgetViewContext);
  const doc = useBuilder((s) => s.view.widget);
  if (!ctx || !view || !doc) return null;
  return <Widget doc={doc} ctx={ctx} inline panel={view.panel} onNavigate={view.onNavigate} editable={view.editable} />;
}

/** A distinct component per name: craft finds a node's block by its component in the resolver. */
function named(name: BlockName, Component: (props: Props) => ReactNode = () => null): UserComponent<Props> {
  const Block: UserComponent<Props> = (props) => createElement(Component, props);
  Block.craft = { displayName: name };
  return Block;
}

/** Panels are drawn by the widget root; the launcher and the sticky bar by their canvases. */
export const CRAFT_RESOLVER = {
  ...Object.fromEntries(BLOCK_NAMES.map((name) => [name, named(name)])),
  ...Object.fromEntries(SECTION_TYPES.map((type) => [type, named(type, SectionBlock)])),
  landing_page: named('landing_page', LandingRootBlock),
  widget: named('widget', WidgetRootBlock),
} as Record<BlockName, UserComponent<Props>>;
