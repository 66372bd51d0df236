import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  RouterProvider,
} from 'react-aria-components';

export interface MenuItem {
  id: string;
  label: string;
  /** a link (internal path or external address) … */
  href?: string;
  external?: boolean;
  /** … or an action */
  onSelect?: () => void;
}

interface MenuProps {
  /** accessible name of the menu button (and the menu); it should contain the button's visible text */
  label: string;
  /** what the button shows */
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  /** non-interactive content above the items (e.g. the user's name and email); it names the items' group */
  header?: ReactNode;
  /** internal links navigate through this (the app's router) instead of reloading the page */
  onNavigate?: (path: string) => void;
}

function Item({ item }: { item: MenuItem }) {
  const link = item.href ? { href: item.href, ...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } : {};
  return (
    <AriaMenuItem id={item.id} className="ls-menu__item" textValue={item.label} onAction={item.onSelect} {...link}>
      {item.label}
      {item.external ? <span className="ls-visually-hidden"> (opens in a new tab)</span> : null}
    </AriaMenuItem>
  );
}

/**
 * The WAI-ARIA menu button pattern on React Aria: Enter/Space/ArrowDown open and focus the first
 * item, arrows move (and wrap), typing jumps, Escape closes and returns focus to the button.
 */
export function Menu({ label, trigger, triggerClassName, items, header, onNavigate }: MenuProps) {
  const entries = items.map((item) => <Item key={item.id} item={item} />);
  const menu = (
    <MenuTrigger>
      <AriaButton className={triggerClassName} aria-label={label}>
        {trigger}
      </AriaButton>
      <Popover className="ls-popover" placement="bottom end" offset={6}>
        <AriaMenu aria-label={label} className="ls-menu" shouldFocusWrap>
          {header ? (
            <MenuSection className="ls-menu__section">
              <Header className="ls-menu__header">{header}</Header>
              {entries}
            </MenuSection>
          ) : (
            entries
          )}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
  return onNavigate ? <RouterProvider navigate={onNavigate}>{menu}</RouterProvider> : menu;
}
