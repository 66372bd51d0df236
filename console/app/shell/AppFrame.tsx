import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';

/** The admin frame of spec §2: top bar, side navigation, main content. */
export function AppFrame({ children }: { children: ReactNode }) {
  const navId = useId();
  const { pathname } = useLocation();
  // The compact navigation is open for one page only: moving on closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navOpen = openOn === pathname;
  const setNavOpen = (open: boolean | ((was: boolean) => boolean)) => setOpenOn((typeof open === 'function' ? open(navOpen) : open) ? pathname : null);

  // After moving to another page, keyboard and screen-reader users start at its content.
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="ls-app">
      <a className="ls-skip-link" href="#ls-main">
        Skip to content
      </a>
      <TopBar navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} navId={navId} />
      <div className="ls-app__body">
        <SideNav id={navId} open={navOpen} onNavigate={() => setNavOpen(false)} />
        {navOpen ? <div className="ls-sidenav__backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} /> : null}
        <main id="ls-main" className="ls-main" tabIndex={-1} ref={mainRef}>
          <div className="ls-main__inner">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** Pages without the admin frame (spec §2: launcher, theme, onboarding; widget pages). */
export function BareFrame({ children, widget = false }: { children: ReactNode; widget?: boolean }) {
  return (
    <main id="ls-main" className={`ls-bare${widget ? ' ls-bare--widget' : ''}`} data-widget-page={widget || undefined}>
      {children}
    </main>
  );
}
