import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SURFACE_CARDS, SurfaceThumbnail, THUMBNAIL_SIZE, type SurfaceKind } from '../../../../builder/index.ts';
import type { SurfaceSummary } from '../../../../server/contract/onsite-display.ts';
import { Badge } from '../../../components/ui/Badge.tsx';
import { buttonClassName } from '../../../components/ui/Button.tsx';
import { MediaCard } from '../../../components/ui/MediaCard.tsx';
import { surfaceDraftQuery } from '../api/onsite-display.ts';
import { formatUpdatedAt, publishBadge } from './publish-state.ts';

/** The surface's draft, scaled to the width of the card's picture area (whose 16:10 matches the drawing's). */
function Thumbnail({ kind, title }: { kind: SurfaceKind; title: string }) {
  const draft = useQuery(surfaceDraftQuery(kind));
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    setWidth(element.getBoundingClientRect().width);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="ls-surface-thumb" data-loading={draft.isPending || undefined}>
      {draft.data && width > 0 ? <SurfaceThumbnail doc={draft.data} title={`${title} preview`} scale={width / THUMBNAIL_SIZE.width} /> : null}
      {draft.isError ? <p className="ls-surface-thumb__note">Preview unavailable</p> : null}
    </div>
  );
}

/** One surface: its live draft, publish state, last change and the way into its studio. */
export function SurfaceCard({ kind, summary, summaryPending }: { kind: SurfaceKind; summary: SurfaceSummary | undefined; summaryPending: boolean }) {
  const card = SURFACE_CARDS[kind];
  const badge = summary ? publishBadge(summary) : null;
  return (
    <MediaCard
      title={card.title}
      media={<Thumbnail kind={kind} title={card.title} />}
      status={badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : summaryPending ? <Badge>Loading…</Badge> : null}
      action={
        <Link to={card.href} className={buttonClassName('primary')}>
          Edit {card.title.toLowerCase()}
        </Link>
      }
    >
      <p className="ls-muted">{card.text}</p>
      <p className="ls-surface-meta" data-publish-state={kind}>
        {[badge?.live, summary?.updated_at ? `Updated ${formatUpdatedAt(summary.updated_at)}` : null].filter(Boolean).join(' · ')}
      </p>
    </MediaCard>
  );
}
