import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { useConsole } from '../../state/store.ts';
import { platformName } from '../../lib/routes.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { useCurrentStore } from './api/home.ts';

/** spec §2 /home: the dashboard. Its figures arrive with the dashboard issue; the store summary is real. */
export function HomePage() {
  const firstName = useConsole((s) => s.user.users?.name.split(/\s+/)[0] ?? '');
  const currentStore = useCurrentStore();
  const store = currentStore.data ?? null;
  return (
    <>
      <PageHeader title="Home" subtitle={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <div className="ls-columns">
        <div className="ls-card">
          <EmptyState title="Your dashboard will appear here">
            <p>Members, points issued and redeemed, referrals and recent activity of your program, as soon as the dashboard is connected.</p>
          </EmptyState>
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
          <section className="ls-card" aria-labelledby="home-next">
            <h2 id="home-next">Next steps</h2>
            <ul className="ls-link-list">
              <li>
                <Link to="/rewards-loyalty/points">Review ways to earn and redeem</Link>
              </li>
              <li>
                <Link to="/onsite-display">Design what shoppers see</Link>
              </li>
              <li>
                <Link to="/customers">See your customers</Link>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
