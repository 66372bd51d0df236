/**
 * The Puck bench page: Puck's editor (iframe canvas, the default) on the same 40-section / 200-node
 * document as tests/bench/builder-page, drawn by our renderers with our stylesheet in Puck's frame.
 */
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Puck } from '@puckeditor/core';
// oxlint-disable-next-line import/no-unassigned-import -- Puck's editor stylesheet is a side effect by nature
import '@puckeditor/core/no-external.css';
import { RENDERER_STYLESHEET } from '../../../builder/surfaces/stylesheet.ts';
import { DEVICE_WIDTHS } from '../../../builder/canvas/CanvasFrame.tsx';
import { largeLandingPage } from '../builder-page/large-page.ts';
import { puckConfig, puckData } from './puck-config.tsx';

/** Puts the renderers' stylesheet into Puck's frame document, as our canvas does into its own. */
function FrameStylesheet({ children, document: frameDocument }: { children: ReactNode; document?: Document }) {
  useEffect(() => {
    if (!frameDocument || frameDocument.getElementById('ls-stylesheet')) return;
    const style = frameDocument.createElement('style');
    style.id = 'ls-stylesheet';
    style.textContent = RENDERER_STYLESHEET;
    frameDocument.head.appendChild(style);
  }, [frameDocument]);
  return <>{children}</>;
}

const { doc, nodes } = largeLandingPage();
Object.assign(window, { benchNodes: nodes, benchSections: doc.sections.length });
createRoot(document.getElementById('root')!).render(
  <Puck
    config={puckConfig(doc)}
    data={puckData(doc)}
    overrides={{ iframe: FrameStylesheet }}
    viewports={[{ width: DEVICE_WIDTHS.desktop, height: 'auto', label: 'Desktop' }]}
  />,
);
