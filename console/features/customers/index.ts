import { lazyComponent, type Feature } from '../../lib/feature.ts';

const BACK = { to: '/customers', label: 'Customers' };

export const customersFeature: Feature = {
  id: 'customers',
  routes: [
    {
      path: '/customers',
      title: 'Customers',
      purpose: 'Every member of your program with points balance, VIP tier and referral status, with search, filters, import and export.',
      screen: lazyComponent(() => import('./CustomersPage.tsx').then((m) => m.CustomersPage)),
    },
    {
      path: '/customers/details',
      title: 'Customer details',
      purpose: "One customer's points history, rewards, referrals, VIP transactions and orders, with points adjustment.",
      back: BACK,
      screen: lazyComponent(() => import('./CustomerDetailsPage.tsx').then((m) => m.CustomerDetailsPage)),
    },
    {
      // not a route of spec §2 (awards are "named only by action"): placed under Customers, whose nav item it selects
      path: '/customers/awards',
      title: 'Award points',
      purpose: 'Give points to the members a filter chooses, once, with a preview and the history of who granted what.',
      back: BACK,
      screen: lazyComponent(() => import('./AwardsPage.tsx').then((m) => m.AwardsPage)),
    },
    {
      path: '/customers/receipt-moderation',
      title: 'Receipt Moderation',
      purpose: 'Receipts uploaded by shoppers, waiting for you to approve or reject them.',
      back: BACK,
      screen: lazyComponent(() => import('./ReceiptModerationPage.tsx').then((m) => m.ReceiptModerationPage)),
    },
  ],
  nav: { section: 'main', item: () => ({ id: 'customers', label: 'Customers', path: '/customers', icon: 'customers' }) },
};
