import { lazyComponent, type Feature } from '../../lib/feature.ts';

/** The builder studio's launch: On-site Display carries a "New" badge until then. */
export const ONSITE_DISPLAY_NEW_UNTIL = new Date(Date.UTC(2027, 2, 31));

const screen = lazyComponent(() => import('./pages.tsx').then((m) => m.OnsiteDisplayPage));
const BACK = { to: '/onsite-display', label: 'On-site Display' };

export const onsiteDisplayFeature: Feature = {
  id: 'onsite-display',
  routes: [
    {
      path: '/onsite-display',
      title: 'On-site Display',
      purpose: 'Your landing page, widget, launcher and sticky bar, designed in the builder studio.',
      screen,
    },
    {
      path: '/onsite-display/widget',
      title: 'Widget',
      purpose: 'The builder for the rewards widget and its launcher on desktop and mobile.',
      screen,
      back: BACK,
    },
    {
      path: '/onsite-display/landing-page',
      title: 'Landing page',
      purpose: 'The builder for your rewards landing page and its nine sections.',
      screen,
      back: BACK,
    },
    { path: '/onsite-display/sticky-bar', title: 'Sticky bar', purpose: 'The builder for the sticky bar and its drawer.', screen, back: BACK },
  ],
  nav: {
    section: 'main',
    item: ({ now }) => ({
      id: 'onsite-display',
      label: 'On-site Display',
      path: '/onsite-display',
      icon: 'display',
      ...(now.getTime() < ONSITE_DISPLAY_NEW_UNTIL.getTime() ? { badge: 'New' } : {}),
    }),
  },
};
