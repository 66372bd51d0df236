import { describe, expect, it } from 'vitest';
import { CUSTOMER_CARDS, FEATURES, ROUTES, routeByPath } from './features.ts';
import { buildNavigation } from './navigation.ts';

/** spec §2: every admin address with its title and the page it goes back to (and the experiments screen). */
const ADDRESSES: Array<[string, string, string | null]> = [
  ['/home', 'Home', null],
  ['/customers', 'Customers', null],
  ['/customers/details', 'Customer details', '/customers'],
  ['/customers/awards', 'Award points', '/customers'],
  ['/customers/receipt-moderation', 'Receipt Moderation', '/customers'],
  ['/onsite-display', 'On-site Display', null],
  ['/onsite-display/widget', 'Widget', '/onsite-display'],
  ['/onsite-display/landing-page', 'Landing page', '/onsite-display'],
  ['/onsite-display/sticky-bar', 'Sticky bar', '/onsite-display'],
  ['/onsite-display/experiments', 'Experiments', '/onsite-display'],
  ['/referrals/rewards', 'Referrals', null],
  ['/rewards-loyalty/points', 'Points', null],
  ['/rewards-loyalty/points/activity-list', 'Activity', '/rewards-loyalty/points'],
  ['/rewards-loyalty/vip', 'Loyalty Program', null],
  ['/emails/email-dashboard', 'Emails', null],
  ['/emails', 'Emails', null],
  ['/emails/referral-received', 'Referral Sent', '/emails'],
  ['/emails/referral-completed', 'Referral Completed', '/emails'],
  ['/emails/points-earned', 'Points Earned', '/emails'],
  ['/emails/reward-redeemed', 'Reward Redeemed', '/emails'],
  ['/emails/birthday', 'Birthday', '/emails'],
  ['/emails/anniversary', 'Anniversary', '/emails'],
  ['/emails/loyalty-tier-update', 'Tier switch', '/emails'],
  ['/emails/early-points-expiry', 'Early points expiry', '/emails'],
  ['/emails/final-points-expiry', 'Final points expiry', '/emails'],
  ['/emails/email-editor/referral-received', 'Referral Sent — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/referral-completed', 'Referral Completed — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/points-earned', 'Points Earned — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/reward-redeemed', 'Reward Redeemed — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/birthday', 'Birthday — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/anniversary', 'Anniversary — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/loyalty-tier-update', 'Tier switch — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/early-points-expiry', 'Early points expiry — visual editor', '/emails/email-dashboard/'],
  ['/emails/email-editor/final-points-expiry', 'Final points expiry — visual editor', '/emails/email-dashboard/'],
  ['/integrations', 'Integrations', null],
  ['/integrations/product-list', 'Product History', '/integrations'],
  ['/integrations/store-order', 'Order History', '/integrations'],
  ['/integrations/custom-app', 'Custom App', '/integrations'],
  ['/analytics', 'Analytics', null],
  ['/settings', 'My account', null],
  ['/onboarding', 'Onboarding', null],
];

describe('console features, composed once', () => {
  it('their routes are the console addresses and titles, each once', () => {
    const table = ROUTES.map((route) => [route.path, route.title, route.back?.to ?? null]);
    expect(table).toHaveLength(ADDRESSES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
    expect(new Set(table.map((row) => JSON.stringify(row)))).toEqual(new Set(ADDRESSES.map((row) => JSON.stringify(row))));
  });

  it('a trailing slash finds the same route; an unknown address finds none', () => {
    expect(routeByPath('/integrations/product-list/')?.title).toBe('Product History');
    expect(routeByPath('/emails/email-dashboard/')?.title).toBe('Emails');
    expect(routeByPath('/nowhere')).toBeUndefined();
  });

  it.each([true, false])('every navigation item and sub-item opens a route (visual email editor %s)', (emailEditor) => {
    const sections = buildNavigation({ role: 'owner', platform: 'shopify', now: new Date(), emailEditor });
    const paths = sections.flatMap((section) => section.items.flatMap((item) => [item, ...(item.children ?? [])])).map((item) => item.path);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(routeByPath(path), path).toBeDefined();
  });

  it('each feature is registered once; the customer page lends the VIP tier card before the referrals card', () => {
    expect(new Set(FEATURES.map((feature) => feature.id)).size).toBe(FEATURES.length);
    expect(CUSTOMER_CARDS.map((card) => card.id)).toEqual(['vip', 'referrals']);
  });
});
