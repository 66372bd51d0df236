import { useRef, useState, type ReactNode } from 'react';
import {
  FloatingFocusManager,
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
} from '@floating-ui/react';

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
  /** accessible name of the menu button */
  label: string;
  /** what the button shows */
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  /** non-interactive content above the items (e.g. the user's name and email) */
  header?: ReactNode;
  onNavigate?: (path: string) => void;
}

/**
 * The WAI-ARIA menu button pattern: Enter/Space/ArrowDown open and focus the first item,
 * arrows move, typing jumps, Escape closes and returns focus to the button.
 */
export function Menu({ label, trigger, triggerClassName, items, header, onNavigate }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>(items.map((item) => item.label));

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-end',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, loop: true }),
    useTypeahead(context, {
      listRef: labelsRef,
      activeIndex,
      onMatch: (index) => {
        if (open) setActiveIndex(index);
      },
    }),
  ]);

  const choose = (item: MenuItem) => {
    setOpen(false);
    if (item.onSelect) item.onSelect();
    else if (item.href && !item.external && onNavigate) onNavigate(item.href);
  };

  return (
    <>
      <button type="button" ref={setReference} className={triggerClassName} aria-label={label} {...getReferenceProps()}>
        {trigger}
      </button>
      {open ? (
        <FloatingFocusManager context={context} modal={false} initialFocus={0} guards={false}>
          <div ref={setFloating} className="ls-popover" style={floatingStyles} aria-label={label} {...getFloatingProps()}>
            {header ? (
              <div className="ls-menu__header" role="presentation">
                {header}
              </div>
            ) : null}
            {items.map((item, index) => {
              const itemProps = getItemProps({
                onClick: (event) => {
                  if (item.href && !item.external && onNavigate) event.preventDefault();
                  choose(item);
                },
              });
              const common = {
                ref: (node: HTMLElement | null) => {
                  listRef.current[index] = node;
                },
                role: 'menuitem',
                className: 'ls-menu__item',
                tabIndex: activeIndex === index ? 0 : -1,
                'data-active': activeIndex === index ? 'true' : undefined,
                ...itemProps,
              };
              return item.href ? (
                <a key={item.id} href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...common}>
                  {item.label}
                  {item.external ? <span className="ls-visually-hidden"> (opens in a new tab)</span> : null}
                </a>
              ) : (
                <button key={item.id} type="button" {...common}>
                  {item.label}
                </button>
              );
            })}
          </div>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}
