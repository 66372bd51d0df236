import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const pointsFeature: Feature = {
  id: 'points',
  routes: [
    {
      path: '/rewards-loyalty/points',
      title: 'Points',
      purpose: 'Ways to earn and ways to redeem points, points expiry and the points label.',
      screen: lazyComponent(() => import('./PointsPage.tsx').then((m) => m.PointsPage)),
    },
    {
      path: '/rewards-loyalty/points/activity-list',
      title: 'Activity',
      purpose: 'Every points transaction of your members: earned, redeemed, adjusted and expired.',
      back: { to: '/rewards-loyalty/points', label: 'Points' },
      screen: lazyComponent(() => import('./ActivityPage.tsx').then((m) => m.ActivityPage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'points', label: 'Points', path: '/rewards-loyalty/points', icon: 'points' }) },
};
