import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const vipFeature: Feature = {
  id: 'vip',
  routes: [
    {
      path: '/rewards-loyalty/vip',
      title: 'Loyalty Program',
      purpose: 'VIP tiers, their entry rules, perks and rewards.',
      screen: lazyComponent(() => import('./VipPage.tsx').then((m) => m.VipPage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'loyalty-program', label: 'Loyalty Program', path: '/rewards-loyalty/vip', icon: 'loyalty' }) },
  customerCards: [{ id: 'vip', order: 1, Card: lazyComponent(() => import('./components/MemberTierCard.tsx').then((m) => m.MemberTierCard)) }],
};
