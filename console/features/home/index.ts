import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const homeFeature: Feature = {
  id: 'home',
  routes: [
    {
      path: '/home',
      title: 'Home',
      purpose: 'Your program at a glance: members, points issued and redeemed, referrals and recent activity.',
      screen: lazyComponent(() => import('./HomePage.tsx').then((m) => m.HomePage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'home', label: 'Home', path: '/home', icon: 'home' }) },
};
