import type { Feature } from '../lib/feature.ts';
import { accountFeature } from '../features/account/index.ts';
import { analyticsFeature } from '../features/analytics/index.ts';
import { customersFeature } from '../features/customers/index.ts';
import { experimentsFeature } from '../features/experiments/index.ts';
import { emailsFeature } from '../features/emails/index.ts';
import { homeFeature } from '../features/home/index.ts';
import { integrationsFeature } from '../features/integrations/index.ts';
import { onboardingFeature } from '../features/onboarding/index.ts';
import { onsiteDisplayFeature } from '../features/onsite-display/index.ts';
import { pointsFeature } from '../features/points/index.ts';
import { productsFeature } from '../features/products/index.ts';
import { referralsFeature } from '../features/referrals/index.ts';
import { vipFeature } from '../features/vip/index.ts';

/** Every console feature, in side-navigation order (spec §2): the one place they are composed. */
export const FEATURES: readonly Feature[] = [
  homeFeature,
  customersFeature,
  onsiteDisplayFeature,
  experimentsFeature,
  referralsFeature,
  pointsFeature,
  vipFeature,
  emailsFeature,
  integrationsFeature,
  productsFeature,
  analyticsFeature,
  accountFeature,
  onboardingFeature,
];

/** Every admin route (spec §2) with its title and screen. */
export const ROUTES = FEATURES.flatMap((feature) => feature.routes);

/** The route of a path (a trailing slash is ignored). */
export const routeByPath = (path: string) => {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((route) => route.path === normalised);
};

/** The cards features lend a customer's details page, in their order. */
export const CUSTOMER_CARDS = FEATURES.flatMap((feature) => feature.customerCards ?? []).sort((a, b) => a.order - b.order);
