import { Banner } from './PageHeader.tsx';

/** Figures read from daily rollups that are still being built for part of the store's history. */
export function PreparingBanner({ days }: { days: number }) {
  return (
    <Banner tone="info" title="Still counting.">
      {days.toLocaleString('en-US')} {days === 1 ? 'day' : 'days'} of your store's history are being added up in the background; until then some figures are
      incomplete. This page shows them complete in a few minutes.
    </Banner>
  );
}
