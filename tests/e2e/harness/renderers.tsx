/**
 * Browser harness of the renderer tests: mounts one surface from `window.harnessConfig`
 * (set by the test before the page loads) with the preset documents, or the documents the
 * test passes (the XSS corpus). Built twice by the tests: with React, and with Preact through
 * preact/compat as the storefront embed is.
 */
import { useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DEMO_DOCUMENTS, ICONS, THEME_TOKENS } from '../../../presets/index.ts';
import {
  availablePanels,
  buildStylesheet,
  catalogFor,
  LandingPage,
  Launcher,
  StickyBar,
  Widget,
  type RenderContext,
  type WidgetAction,
} from '../../../renderers/index.ts';
import type {
  LandingPage as LandingDoc,
  Launcher as LauncherDoc,
  StickyBar as StickyBarDoc,
  ThemeName,
  Widget as WidgetDoc,
} from '../../../renderers/contract/index.ts';
import { DEMO_MEMBER, DEMO_PROGRAM } from './demo-context.ts';

export type Surface = 'landing' | 'widget' | 'launcher' | 'sticky_bar' | 'storefront' | 'everything';
export interface HarnessConfig {
  surface: Surface;
  audience: 'member' | 'visitor';
  device: 'desktop' | 'mobile';
  theme: ThemeName;
  docs?: { landing_page?: LandingDoc; widget?: WidgetDoc; launcher?: LauncherDoc; sticky_bar?: StickyBarDoc };
}

declare global {
  interface Window {
    harnessConfig?: HarnessConfig;
    harnessReady?: boolean;
    harnessActions?: WidgetAction[];
    /** Draws the harness again with another configuration, in the same page (no reload). */
    harnessRender?: (config: HarnessConfig) => void;
  }
}

const icons = Object.fromEntries(ICONS.map((icon) => [icon.id, icon.path]));

/** What the surfaces of one configuration draw: the render context and the documents. */
interface Props {
  config: HarnessConfig;
  ctx: RenderContext;
  landing: LandingDoc;
  widget: WidgetDoc;
  launcher: LauncherDoc;
  stickyBar: StickyBarDoc;
}

function surfaceProps(config: HarnessConfig): Props {
  const ctx: RenderContext = {
    audience: config.audience,
    device: config.device,
    theme: config.theme,
    locale: 'en-US',
    messages: catalogFor('en'),
    program: DEMO_PROGRAM,
    icons,
    themes: THEME_TOKENS,
    ...(config.audience === 'member' ? { member: DEMO_MEMBER } : {}),
  };
  const stickyBarDoc = config.docs?.sticky_bar ?? DEMO_DOCUMENTS.sticky_bar;
  return {
    config,
    ctx,
    landing: { ...(config.docs?.landing_page ?? DEMO_DOCUMENTS.landing_page), theme: config.theme },
    widget: { ...(config.docs?.widget ?? DEMO_DOCUMENTS.widget), theme_type: config.theme },
    launcher: config.docs?.launcher ?? DEMO_DOCUMENTS.launcher,
    stickyBar: { ...stickyBarDoc, bar: { ...stickyBarDoc.bar, theme: config.theme } },
  };
}

const record = (action: WidgetAction) => {
  (window.harnessActions ??= []).push(action);
};

function StorePage() {
  return (
    <main>
      <h1>Demo Coffee Roasters</h1>
      {Array.from({ length: 30 }, (_, i) => (
        <p key={i}>
          <a href={`#product-${i}`}>Single-origin roast {i + 1}</a> — a bright, sweet cup with notes of stone fruit.
        </p>
      ))}
    </main>
  );
}

function Storefront({ config, ctx, widget, launcher, stickyBar }: Props) {
  const [open, setOpen] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <StorePage />
      <StickyBar doc={stickyBar} ctx={ctx} />
      <Launcher ref={launcherRef} doc={launcher} ctx={ctx} expanded={open} onClick={() => setOpen(!open)} />
      {open && (
        <Widget
          doc={widget}
          ctx={ctx}
          onClose={() => setOpen(false)}
          returnFocusTo={launcherRef}
          onAction={record}
          placement={launcher[config.device].placement}
        />
      )}
    </>
  );
}

/** The widget's home and every panel the audience may open, side by side in the page. */
function AllPanels({ ctx, widget }: Props) {
  return (
    <main>
      <h1>Widget panels</h1>
      <Widget doc={widget} ctx={ctx} inline onAction={record} />
      {availablePanels(widget, ctx.audience).map((key) => (
        <Widget key={key} doc={widget} ctx={ctx} inline panel={key} onAction={record} />
      ))}
    </main>
  );
}

function Surface(props: Props) {
  const { config, ctx, landing, launcher, stickyBar } = props;
  switch (config.surface) {
    case 'landing':
      return (
        <main>
          <LandingPage doc={landing} ctx={ctx} />
        </main>
      );
    case 'widget':
      return <AllPanels {...props} />;
    case 'launcher':
      return (
        <>
          <StorePage />
          <Launcher doc={launcher} ctx={ctx} />
        </>
      );
    case 'sticky_bar':
      return (
        <>
          <StorePage />
          <StickyBar doc={stickyBar} ctx={ctx} defaultOpen />
        </>
      );
    case 'storefront':
      return <Storefront {...props} />;
    // every surface at once (the XSS corpus run)
    case 'everything':
      return (
        <>
          <LandingPage doc={landing} ctx={ctx} />
          <AllPanels {...props} />
          <Storefront {...props} />
        </>
      );
  }
}

const style = document.createElement('style');
style.textContent = buildStylesheet(THEME_TOKENS);
document.head.append(style);

const container = document.getElementById('app')!;
let root: Root | null = null;
/** Mounts the surfaces of `config` afresh (no state kept from the last one); ready a frame later. */
function render(config: HarnessConfig) {
  window.harnessReady = false;
  window.harnessActions = [];
  root?.unmount();
  root = createRoot(container);
  root.render(<Surface {...surfaceProps(config)} />);
  requestAnimationFrame(() => {
    window.harnessReady = true;
  });
}
window.harnessRender = render;
render(window.harnessConfig ?? { surface: 'storefront', audience: 'visitor', device: 'desktop', theme: 'light' });
