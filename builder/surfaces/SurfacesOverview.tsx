/**
 * /onsite-display: the four surfaces with live thumbnails drawn by the renderers from their
 * current drafts, their publish state, and a link into the builder.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import type { BuilderApi, SurfaceDocument, SurfaceKind, SurfaceSummary } from '../api.ts';
import { SURFACE_KINDS } from '../api.ts';
import { SURFACE_CARDS as CARDS, SurfaceThumbnail } from './SurfaceThumbnail.tsx';

function publishState(summary: SurfaceSummary | undefined): string {
  if (!summary) return '';
  if (summary.publishedVersion === null) return 'Not published yet';
  return summary.hasUnpublishedChanges
    ? `Published (version ${summary.publishedVersion}) · draft changes not published`
    : `Published (version ${summary.publishedVersion})`;
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
              <div className="bs-overview__thumb">{doc && <SurfaceThumbnail doc={doc} title={`${card.title} preview`} scale={0.25} />}</div>
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
