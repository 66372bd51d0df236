import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import type { RouteEntry } from '../../lib/routes.ts';
import { EMAIL_SUB_ITEMS, INTEGRATION_SUB_ITEMS } from '../../lib/routes.ts';

/** A screen that a later issue fills: its title and an honest empty state, never a dead button. */
export function PlaceholderPage({ route }: { route: RouteEntry }) {
  const related = route.path === '/emails' ? EMAIL_SUB_ITEMS : route.path === '/integrations' ? INTEGRATION_SUB_ITEMS : null;
  return (
    <>
      <PageHeader title={route.title} {...(route.back ? { back: route.back } : {})} />
      {related ? (
        <div className="ls-card">
          <h2>Pages</h2>
          <ul className="ls-link-list">
            {related.map(([label, path]) => (
              <li key={path}>
                <Link to={path}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="ls-card">
        <EmptyState title={`${route.title} is not available yet`}>
          <p>{route.purpose}</p>
          <p className="ls-muted">This screen is being built and will appear here in a coming release.</p>
        </EmptyState>
      </div>
    </>
  );
}
