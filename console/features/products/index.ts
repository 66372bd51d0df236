import { lazyComponent, type Feature } from '../../lib/feature.ts';

export const productsFeature: Feature = {
  id: 'products',
  routes: [
    {
      path: '/integrations/product-list',
      title: 'Product History',
      purpose: "Import your store's products so members earn for them.",
      back: { to: '/integrations', label: 'Integrations' },
      screen: lazyComponent(() => import('./ProductHistoryPage.tsx').then((m) => m.ProductHistoryPage)),
    },
  ],
};
