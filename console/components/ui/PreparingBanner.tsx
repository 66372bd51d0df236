import { Banner } from './PageHeader.tsx';
import { countOf } from '../../lib/format.ts';

/** Figures read from daily rollups that are still being built for part of the store's history. */
export function PreparingBanner({ days }: { days: number }) {
  return (
    <Banner tone="info" title="Still counting.">
      {countOf(days, 'day')} of your store's history are being added up in the background; until then some figures are incomplete. This page shows them complete
      in a few minutes.
    </Banner>
  );
}
