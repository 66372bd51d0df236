import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const analyticsFeature: Feature = {
  id: 'analytics',
  routes: [
    {
      path: '/analytics',
      title: 'Analytics',
      purpose: 'Charts and metrics of members, points, referrals and VIP customers over time.',
      screen: lazyComponent(() => import('./AnalyticsPage.tsx').then((m) => m.AnalyticsPage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'analytics', label: 'Analytics', path: '/analytics', icon: 'analytics' }) },
};
