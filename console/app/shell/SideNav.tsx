import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { getConfig } from '../../lib/config.ts';
import { useConsole } from '../../state/store.ts';
import { buildNavigation, selectedNavigation, type NavItem } from '../navigation.ts';
import { supportLinks } from './help-links.ts';
import { Icon } from '../../components/ui/icons.tsx';

/** spec §2: the side navigation (a `navigation` landmark named "Main"). */
export function SideNav({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const user = useConsole((s) => s.user.users);
  const storeToken = useConsole((s) => s.user.loginRes?.store_access_token ?? null);
  const { pathname } = useLocation();
  const [now] = useState(() => new Date());
  const sections = useMemo(
    () =>
      buildNavigation({
        role: user?.role ?? '',
        platform: user?.store?.platform ?? '',
        now,
        emailEditor: Boolean(user?.store?.settings?.email_settings?.unlayer),
        supportLinks: supportLinks(getConfig(), storeToken),
      }),
    [user?.role, user?.store?.platform, user?.store?.settings?.email_settings?.unlayer, storeToken, now],
  );
  const selected = selectedNavigation(sections, pathname);

  return (
    <nav id={id} className={`ls-sidenav${open ? ' ls-sidenav--open' : ''}`} aria-label="Main">
      {sections.map((section) => (
        <div key={section.id} className={`ls-sidenav__section ls-sidenav__section--${section.id}`}>
          {section.id !== 'main' ? <h2 className="ls-sidenav__heading">{section.label}</h2> : null}
          <ul>
            {section.items.map((item) => (
              <NavEntry key={item.id} item={item} selected={selected.itemId === item.id} selectedChild={selected.childId} onNavigate={onNavigate} />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function NavEntry({ item, selected, selectedChild, onNavigate }: { item: NavItem; selected: boolean; selectedChild: string | null; onNavigate: () => void }) {
  const content = (
    <>
      {item.icon ? <Icon name={item.icon} /> : null}
      <span className="ls-sidenav__label">{item.label}</span>
      {item.badge ? (
        <span className="ls-sidenav__badge" aria-hidden="true">
          {item.badge}
        </span>
      ) : null}
      {item.external ? <span className="ls-visually-hidden"> (opens in a new tab)</span> : null}
    </>
  );
  return (
    <li>
      {item.external ? (
        <a className="ls-sidenav__link" href={item.path} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <Link
          className="ls-sidenav__link"
          to={item.path}
          aria-current={selected && !selectedChild ? 'page' : undefined}
          data-selected={selected || undefined}
          onClick={onNavigate}
        >
          {content}
        </Link>
      )}
      {item.children && selected ? (
        <ul className="ls-sidenav__children" aria-label={`${item.label} pages`}>
          {item.children.map((child) => (
            <li key={child.id}>
              <Link
                className="ls-sidenav__link ls-sidenav__link--child"
                to={child.path}
                aria-current={selectedChild === child.id ? 'page' : undefined}
                data-selected={selectedChild === child.id || undefined}
                onClick={onNavigate}
              >
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
