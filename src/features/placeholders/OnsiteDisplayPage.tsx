import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import type { RouteEntry } from '../../app/route-table.ts';

const SURFACES: Array<[string, string, string]> = [
  ['Landing page', '/onsite-display/landing-page', 'A rewards page with nine sections, for members and visitors.'],
  ['Widget', '/onsite-display/widget', 'The rewards panel shoppers open from the launcher.'],
  ['Sticky bar', '/onsite-display/sticky-bar', 'A slim bar with a drawer that invites shoppers to join.'],
];

/** spec §2 On-site Display: the builder studio mounts here later; until then an honest page. */
export function OnsiteDisplayPage({ route }: { route: RouteEntry }) {
  const overview = route.path === '/onsite-display';
  return (
    <div className={overview ? undefined : 'ls-bare__content'}>
      <PageHeader title={route.title} {...(route.back ? { back: route.back } : {})} subtitle={overview ? 'What shoppers see on your store.' : undefined} />
      {overview ? (
        <div className="ls-card">
          <h2>Surfaces</h2>
          <ul className="ls-link-list">
            {SURFACES.map(([label, path, text]) => <li key={path}><Link to={path}>{label}</Link> <span className="ls-muted">— {text}</span></li>)}
          </ul>
        </div>
      ) : null}
      <div className="ls-card">
        <EmptyState
          title="The builder studio is on its way"
          action={<ButtonLink variant="primary" href="/demo/storefront" target="_blank" rel="noopener noreferrer">Open the storefront demo<span className="ls-visually-hidden"> (opens in a new tab)</span></ButtonLink>}
        >
          <p>{route.purpose} You will design it here on a live preview, as a member or a visitor, on desktop and mobile, then publish it to your store.</p>
        </EmptyState>
      </div>
    </div>
  );
}
