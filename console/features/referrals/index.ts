import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const referralsFeature: Feature = {
  id: 'referrals',
  routes: [
    {
      path: '/referrals/rewards',
      title: 'Referrals',
      purpose: 'What referrers and their friends receive, and the referral activity of your members.',
      screen: lazyComponent(() => import('./ReferralsPage.tsx').then((m) => m.ReferralsPage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'referrals', label: 'Referrals', path: '/referrals/rewards', icon: 'referrals' }) },
  customerCards: [
    { id: 'referrals', order: 2, Card: lazyComponent(() => import('./components/CustomerReferralsCard.tsx').then((m) => m.CustomerReferralsCard)) },
  ],
};
