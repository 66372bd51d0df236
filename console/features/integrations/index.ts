import { lazyComponent, type Feature } from '../../lib/feature.ts';

const BACK = { to: '/integrations', label: 'Integrations' };

export const integrationsFeature: Feature = {
  id: 'integrations',
  routes: [
    {
      path: '/integrations',
      title: 'Integrations',
      purpose: 'Apps connected to your store, order status rules, API clients and webhooks.',
      screen: lazyComponent(() => import('./IntegrationsPage.tsx').then((m) => m.IntegrationsPage)),
    },
    {
      path: '/integrations/store-order',
      title: 'Order History',
      purpose: "Import your store's past orders so members earn for them.",
      back: BACK,
      screen: lazyComponent(() => import('./OrderHistoryPage.tsx').then((m) => m.OrderHistoryPage)),
    },
    {
      path: '/integrations/custom-app',
      title: 'Custom App',
      purpose: 'API clients and the HMAC secret for your own integrations.',
      back: BACK,
      screen: lazyComponent(() => import('./CustomAppPage.tsx').then((m) => m.CustomAppPage)),
    },
  ],
  nav: {
    section: 'main',
    item: () => ({
      id: 'integrations',
      label: 'Integrations',
      path: '/integrations',
      icon: 'integrations',
      children: [
        { id: 'integrations.product-history', label: 'Product History', path: '/integrations/product-list/' },
        { id: 'integrations.order-history', label: 'Order History', path: '/integrations/store-order/' },
        { id: 'integrations.custom-app', label: 'Custom App', path: '/integrations/custom-app/' },
      ],
    }),
  },
};
