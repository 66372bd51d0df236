import { lazyComponent, type Feature } from '../../lib/feature.ts';

/** Experiments (A/B) on a shopper surface: a page under On-site Display, without a navigation item of its own. */
export const experimentsFeature: Feature = {
  id: 'experiments',
  routes: [
    {
      path: '/onsite-display/experiments',
      title: 'Experiments',
      purpose: 'A/B experiments on the landing page, widget or sticky bar: variant B, the split, and which one converts better.',
      screen: lazyComponent(() => import('./ExperimentsPage.tsx').then((m) => m.ExperimentsPage)),
      back: { to: '/onsite-display', label: 'On-site Display' },
    },
  ],
};
