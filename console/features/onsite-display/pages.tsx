/**
 * The console's On-site Display screens: the surfaces overview and the builder studio of each
 * surface (spec §2 routes). The builder is imported only through builder/index.ts and loaded
 * lazily by the route, so it is its own chunk.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BuilderStudio, type StudioSurface } from '../../../builder/index.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { buttonClassName } from '../../components/ui/Button.tsx';
import type { RouteEntry } from '../../lib/feature.ts';
import { useBuilderApi } from './api/onsite-display.ts';
import { SurfacesOverview } from './components/SurfacesOverview.tsx';
import { useViewOnlyReason } from '../../lib/useCan.ts';
import { useStoreLanguages } from '../../lib/session-queries.ts';
import { STUDIOS, studioPath } from '../../../renderers/contract/index.ts';

/** The Experiments (A/B) screen of the surfaces (its own feature). */
const EXPERIMENTS_PATH = '/onsite-display/experiments';

const STUDIO_PATHS: Record<string, StudioSurface> = Object.fromEntries(STUDIOS.map((studio) => [studioPath(studio.id), studio.id]));

function OnsiteDisplayOverviewPage({ route }: { route: RouteEntry }) {
  return (
    <div>
      <PageHeader
        title={route.title}
        subtitle="What shoppers see on your store: design each surface on a live preview, then publish it."
        actions={
          <Link className={buttonClassName()} to={EXPERIMENTS_PATH}>
            Experiments (A/B)
          </Link>
        }
      />
      <SurfacesOverview />
    </div>
  );
}

function OnsiteDisplayStudioPage({ surface }: { surface: StudioSurface }) {
  const builderApi = useBuilderApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // a role that may not edit opens the studio to look: nothing it cannot save is taken
  const readOnlyReason = useViewOnlyReason('program:edit');
  // read again when the store's settings are saved or the tab is shown again: the open studio follows them
  const languages = useStoreLanguages();
  return (
    <BuilderStudio
      key={surface}
      api={builderApi}
      surface={surface}
      backHref="/onsite-display"
      onNavigate={(href) => navigate(href)}
      initialSelection={params.get('select')}
      initialVariant={params.get('variant') === 'b' ? 'b' : 'a'}
      experimentsHref={(kind) => `${EXPERIMENTS_PATH}?surface=${kind}`}
      readOnlyReason={readOnlyReason}
      languages={languages}
    />
  );
}

/** The page of an On-site Display route: the overview or the studio of its surface. */
export function OnsiteDisplayPage({ route }: { route: RouteEntry }) {
  const surface = STUDIO_PATHS[route.path];
  return surface ? <OnsiteDisplayStudioPage surface={surface} /> : <OnsiteDisplayOverviewPage route={route} />;
}
