import { useQuery } from '@tanstack/react-query';
import { SURFACE_KINDS } from '../../../../builder/index.ts';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { surfacesQuery } from '../api/onsite-display.ts';
import { SurfaceCard } from './SurfaceCard.tsx';

/** /onsite-display: the four surfaces as kit cards (spec §2). */
export function SurfacesOverview() {
  const surfaces = useQuery(surfacesQuery());
  return (
    <section aria-labelledby="surfaces-heading">
      <h2 id="surfaces-heading" className="ls-visually-hidden">
        Surfaces
      </h2>
      {surfaces.isError ? <Banner tone="critical">{`The publish state could not be loaded: ${errorMessage(surfaces.error)}`}</Banner> : null}
      <ul className="ls-media-grid">
        {SURFACE_KINDS.map((kind) => (
          <SurfaceCard key={kind} kind={kind} summary={surfaces.data?.find((s) => s.kind === kind)} summaryPending={surfaces.isPending} />
        ))}
      </ul>
    </section>
  );
}
