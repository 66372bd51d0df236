import { useNavigate } from 'react-router';
import { Menu } from '../../components/ui/Menu.tsx';
import { getConfig } from '../../lib/config.ts';
import { truncateName } from '../../lib/format.ts';
import { useConsole } from '../../state/store.ts';
import { logout } from '../../lib/runtime.ts';
import { useStoreToken } from '../session/hooks.ts';
import { GlobalSearch } from './GlobalSearch.tsx';
import { StoreLogo } from './StoreSwitcher.tsx';
import { helpMenuItems, supportLinks } from './help-links.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { useProgramName } from '../../lib/useProgramName.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** spec §2: logo / store switcher, customer search, help menu, user menu. */
export function TopBar({ navOpen, onToggleNav, navId }: { navOpen: boolean; onToggleNav: () => void; navId: string }) {
  const user = useConsole((s) => s.user.users);
  const programName = useProgramName();
  const stores = useConsole((s) => s.user.storeList);
  const storeToken = useStoreToken();
  const navigate = useNavigate();
  const links = supportLinks(getConfig(), storeToken);

  return (
    <header className="ls-topbar">
      <button type="button" className="ls-topbar__menu-button" aria-label="Menu" aria-expanded={navOpen} aria-controls={navId} onClick={onToggleNav}>
        <Icon name="menu" size={20} />
      </button>
      <StoreLogo stores={stores} currentTitle={user?.store?.title ?? null} />
      {programName ? (
        <span className="ls-topbar__program" data-testid="program-name">
          <span className="ls-visually-hidden">Loyalty program: </span>
          {truncateName(programName)}
        </span>
      ) : null}
      <div className="ls-topbar__search">
        <GlobalSearch />
      </div>
      <div className="ls-topbar__end">
        <Menu
          label="Help"
          triggerClassName="ls-topbar__icon-button"
          trigger={
            <>
              <Icon name="help" size={20} />
              <span className="ls-topbar__icon-label">Help</span>
            </>
          }
          items={helpMenuItems(user?.role, links)}
        />
        <Menu
          label={`${truncateName(user?.name ?? '')} · Account menu`}
          triggerClassName="ls-topbar__user"
          trigger={
            <>
              <span className="ls-topbar__avatar" aria-hidden="true" data-initials={initials(user?.name ?? '')} />
              <span className="ls-topbar__user-name">{truncateName(user?.name ?? '')}</span>
            </>
          }
          header={
            <>
              <strong>{user?.name}</strong>
              <span>{user?.email}</span>
            </>
          }
          onNavigate={(path) => navigate(path)}
          items={[
            { id: 'account', label: 'My account', href: '/settings' },
            { id: 'logout', label: 'Logout', onSelect: () => logout() },
          ]}
        />
      </div>
    </header>
  );
}
