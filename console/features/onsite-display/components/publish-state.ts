import type { BadgeTone } from '../../../components/ui/Badge.tsx';
import type { SurfaceSummary } from '../../../../server/contract/onsite-display.ts';

export interface PublishBadge {
  label: string;
  tone: BadgeTone;
  /** which version shoppers see, when one is live */
  live: string | null;
}

/** The surface's publish state as its card shows it (the server's `state`, in the merchant's words). */
export function publishBadge(summary: Pick<SurfaceSummary, 'state' | 'published_version'>): PublishBadge {
  const live = summary.published_version === null ? null : `Live: version ${summary.published_version}`;
  switch (summary.state) {
    case 'published':
      return { label: 'Published', tone: 'success', live };
    case 'changes_pending':
      return { label: 'Unpublished changes', tone: 'attention', live };
    case 'not_published':
      return { label: 'Never published', tone: 'neutral', live: null };
  }
}

/** When the surface last changed, for people ("Mar 5, 2025, 2:30 PM" in their locale and time zone). */
export const formatUpdatedAt = (iso: string, locale?: string, timeZone?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
