/**
 * A surface drawn by the renderers from its document, inert and scaled down in its own styled
 * frame, and what the overview says of each surface: the builder owns both, the console lays
 * out the cards around them.
 */
import type { ReactNode } from 'react';
import { LandingPage, Launcher, StickyBar, Widget } from '../../renderers/index.ts';
import type { SurfaceDocument, SurfaceKind } from '../api.ts';
import { ThumbnailFrame } from '../canvas/ThumbnailFrame.tsx';
import { previewContext } from './preview-context.ts';
import { RENDERER_STYLESHEET } from './stylesheet.ts';

export const SURFACE_CARDS: Record<SurfaceKind, { title: string; href: string; text: string }> = {
  landing_page: { title: 'Landing page', href: '/onsite-display/landing-page', text: 'A rewards page with nine sections, for members and visitors.' },
  widget: { title: 'Widget', href: '/onsite-display/widget', text: 'The rewards panel shoppers open from the launcher.' },
  launcher: { title: 'Launcher', href: '/onsite-display/widget?select=launcher', text: 'The button that opens the widget, on desktop and mobile.' },
  sticky_bar: { title: 'Sticky bar', href: '/onsite-display/sticky-bar', text: 'A slim bar with a drawer that invites shoppers to join.' },
};

/** The size a thumbnail is drawn at before scaling (a desktop viewport, 16:10). */
export const THUMBNAIL_SIZE = { width: 1280, height: 800 } as const;

const visitor = (theme: Parameters<typeof previewContext>[2]) => previewContext('visitor', 'desktop', theme);

function Preview({ doc }: { doc: SurfaceDocument }): ReactNode {
  switch (doc.kind) {
    case 'landing_page':
      return <LandingPage doc={doc} ctx={visitor(doc.theme)} responsive />;
    case 'widget':
      return (
        <div style={{ padding: 24 }}>
          <Widget doc={doc} ctx={visitor(doc.theme_type)} inline />
        </div>
      );
    case 'launcher':
      return (
        <div style={{ padding: 24 }}>
          <Launcher doc={doc} ctx={visitor('light')} inline />
        </div>
      );
    case 'sticky_bar':
      return <StickyBar doc={doc} ctx={visitor(doc.bar.theme)} inline defaultOpen />;
  }
}

/** The surface at THUMBNAIL_SIZE times `scale` (the frame is scaled from its top left corner). */
export function SurfaceThumbnail({ doc, title, scale }: { doc: SurfaceDocument; title: string; scale: number }) {
  return (
    <ThumbnailFrame title={title} width={THUMBNAIL_SIZE.width} height={THUMBNAIL_SIZE.height} scale={scale} stylesheet={RENDERER_STYLESHEET}>
      <Preview doc={doc} />
    </ThumbnailFrame>
  );
}
