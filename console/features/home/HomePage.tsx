import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useConsole } from '../../state/store.ts';
import { platformName } from '../../lib/platform.ts';
import { greeting, useProgramName } from '../../lib/useProgramName.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { useCurrentStore } from './api/home.ts';
import { useDashboardStatus } from './api/dashboard.ts';
import { HeadlineFigures } from './components/HeadlineFigures.tsx';
import { LatestActivity } from './components/LatestActivity.tsx';
import { SetupProgress } from './components/SetupProgress.tsx';
import { PlatformNotice } from './components/PlatformNotice.tsx';

/** The setup list (until dismissed) and the headline figures, from one call. */
function ProgramStatus() {
  const status = useDashboardStatus();
  if (status.isPending)
    return (
      <p className="ls-card ls-muted" role="status">
        Loading your program's figures…
      </p>
    );
  if (status.isError)
    return (
      <p className="ls-card" role="alert">
        The dashboard could not be loaded: {errorMessage(status.error)}
      </p>
    );
  return (
    <>
      {status.data.setup.dismissed ? null : <SetupProgress setup={status.data.setup} />}
      <HeadlineFigures figures={status.data.figures} />
    </>
  );
}

/** spec §2 /home: the dashboard — setup progress, the last 30 days' figures, the latest activity and the store. */
export function HomePage() {
  const firstName = useConsole((s) => s.user.users?.name.split(/\s+/)[0] ?? '');
  const returning = useConsole((s) => s.user.users?.returning);
  const programName = useProgramName();
  const currentStore = useCurrentStore();
  const store = currentStore.data ?? null;
  return (
    <>
      <PageHeader
        title="Home"
        subtitle={[firstName ? greeting(firstName, returning) : '', programName ? `${programName} at a glance.` : ''].filter(Boolean).join(' ') || undefined}
      />
      <div className="ls-columns">
        <div>
          <PlatformNotice />
          <ProgramStatus />
          <LatestActivity />
        </div>
        <div>
          <section className="ls-card" aria-labelledby="home-store">
            <h2 id="home-store">Store</h2>
            {currentStore.isPending ? (
              <p className="ls-muted" role="status">
                Loading the store…
              </p>
            ) : currentStore.isError ? (
              <p role="alert">The store could not be loaded: {errorMessage(currentStore.error)}</p>
            ) : store ? (
              <dl className="ls-facts">
                <dt>Name</dt>
                <dd data-testid="current-store">{store.title}</dd>
                <dt>Loyalty program</dt>
                <dd>{programName ?? <span className="ls-muted">Not named yet</span>}</dd>
                <dt>Platform</dt>
                <dd>{platformName(store.platform)}</dd>
                <dt>Store key</dt>
                <dd>
                  <code>{store.store_name}</code>
                </dd>
                <dt>Website</dt>
                <dd>{store.settings?.website || <span className="ls-muted">Not set</span>}</dd>
              </dl>
            ) : (
              <p className="ls-muted">No store is connected to your account.</p>
            )}
            <p>
              <Link to="/settings">Store settings</Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
