/**
 * /onsite-display: the four surfaces with live thumbnails drawn by the renderers from their
 * current drafts, their publish state, and a link into the builder.
 */
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { LandingPage, Launcher, StickyBar, Widget } from '../../renderers/index.ts';
import type { BuilderApi, SurfaceDocument, SurfaceKind, SurfaceSummary } from '../api.ts';
import { SURFACE_KINDS } from '../api.ts';
import { ThumbnailFrame } from '../canvas/ThumbnailFrame.tsx';
import { previewContext } from './preview-context.ts';
import { RENDERER_STYLESHEET } from './stylesheet.ts';

const CARDS: Record<SurfaceKind, { title: string; href: string; text: string }> = {
  landing_page: { title: 'Landing page', href: '/onsite-display/landing-page', text: 'A rewards page with nine sections, for members and visitors.' },
  widget: { title: 'Widget', href: '/onsite-display/widget', text: 'The rewards panel shoppers open from the launcher.' },
  launcher: { title: 'Launcher', href: '/onsite-display/widget?select=launcher', text: 'The button that opens the widget, on desktop and mobile.' },
  sticky_bar: { title: 'Sticky bar', href: '/onsite-display/sticky-bar', text: 'A slim bar with a drawer that invites shoppers to join.' },
};

function publishState(summary: SurfaceSummary | undefined): string {
  if (!summary) return '';
  if (summary.publishedVersion === null) return 'Not published yet';
  return summary.hasUnpublishedChanges
    ? `Published (version ${summary.publishedVersion}) · draft changes not published`
    : `Published (version ${summary.publishedVersion})`;
}

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

export interface SurfacesOverviewProps {
  api: BuilderApi;
  onNavigate?: (href: string) => void;
}

export function SurfacesOverview({ api, onNavigate }: SurfacesOverviewProps) {
  const [summaries, setSummaries] = useState<SurfaceSummary[] | null>(null);
  const [docs, setDocs] = useState<Partial<Record<SurfaceKind, SurfaceDocument>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.surfaces().then(
      (list) => {
        if (live) setSummaries(list);
      },
      (e: Error) => {
        if (live) setError(e.message);
      },
    );
    for (const kind of SURFACE_KINDS) {
      api.load(kind).then(
        (record) => {
          if (live) setDocs((d) => ({ ...d, [kind]: record.document }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [api]);
  const go = (href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (onNavigate) {
      event.preventDefault();
      onNavigate(href);
    }
  };
  return (
    <section aria-labelledby="bs-surfaces-heading" className="bs-surfaces">
      <h2 id="bs-surfaces-heading" className="bs-visually-hidden">
        Surfaces
      </h2>
      {error && <p role="alert">The surfaces could not be loaded: {error}</p>}
      <ul className="bs-overview">
        {SURFACE_KINDS.map((kind) => {
          const card = CARDS[kind];
          const doc = docs[kind];
          return (
            <li key={kind} className="bs-overview__card" aria-label={card.title}>
              <div className="bs-overview__thumb">
                {doc && (
                  <ThumbnailFrame title={`${card.title} preview`} width={1280} height={900} scale={0.25} stylesheet={RENDERER_STYLESHEET}>
                    <Preview doc={doc} />
                  </ThumbnailFrame>
                )}
              </div>
              <div className="bs-overview__body">
                <h2>{card.title}</h2>
                <p className="bs-muted">{card.text}</p>
                <p data-publish-state={kind}>{summaries ? publishState(summaries.find((s) => s.kind === kind)) : 'Loading…'}</p>
                <a className="bs-button" href={card.href} onClick={go(card.href)}>
                  Edit {card.title.toLowerCase()}
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
