import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const accountFeature: Feature = {
  id: 'account',
  routes: [
    {
      path: '/settings',
      title: 'My account',
      purpose: 'Your profile, password and the store settings.',
      screen: lazyComponent(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage)),
    },
  ],
  nav: { section: 'bottom', item: () => ({ id: 'settings', label: 'Settings', path: '/settings', icon: 'settings' }) },
};
