import { dataEnvelope } from '../../contract/common.ts';
import { searchBody, searchResult, type SearchResult } from './contract/search.ts';
import { searchCustomers } from './search.ts';
import type { App, RouteModule } from '../../http/context.ts';

/** Console pages by their spec §2 names: the `menus` of the global search. */
const CONSOLE_PAGES: ReadonlyArray<{ name: string; url: string }> = [
  { name: 'Home', url: '/home' },
  { name: 'Customers', url: '/customers' },
  { name: 'Receipt Moderation', url: '/customers/receipt-moderation' },
  { name: 'On-site Display', url: '/onsite-display' },
  { name: 'Widget', url: '/onsite-display/widget' },
  { name: 'Landing Page', url: '/onsite-display/landing-page' },
  { name: 'Sticky Bar', url: '/onsite-display/sticky-bar' },
  { name: 'Referrals', url: '/referrals/rewards' },
  { name: 'Points', url: '/rewards-loyalty/points' },
  { name: 'Activity', url: '/rewards-loyalty/points/activity-list/' },
  { name: 'Loyalty Program', url: '/rewards-loyalty/vip' },
  { name: 'Emails', url: '/emails' },
  { name: 'Referral Sent', url: '/emails/referral-received' },
  { name: 'Referral Completed', url: '/emails/referral-completed' },
  { name: 'Points Earned', url: '/emails/points-earned' },
  { name: 'Reward Redeemed', url: '/emails/reward-redeemed' },
  { name: 'Birthday', url: '/emails/birthday' },
  { name: 'Anniversary', url: '/emails/anniversary' },
  { name: 'Tier switch', url: '/emails/loyalty-tier-update' },
  { name: 'Early points expiry', url: '/emails/early-points-expiry' },
  { name: 'Final points expiry', url: '/emails/final-points-expiry' },
  { name: 'Integrations', url: '/integrations' },
  { name: 'Product History', url: '/integrations/product-list/' },
  { name: 'Order History', url: '/integrations/store-order/' },
  { name: 'Custom App', url: '/integrations/custom-app/' },
  { name: 'Analytics', url: '/analytics' },
  { name: 'My account', url: '/settings' },
  { name: 'Onboarding', url: '/onboarding' },
];

const CUSTOMER_LIMIT = 10;

async function search(app: App, storeId: number, text: string): Promise<SearchResult> {
  const needle = text.trim();
  if (needle.length === 0) return { customerUrls: [], menus: [] };
  const customers = await searchCustomers(app.db, storeId, needle, CUSTOMER_LIMIT);
  const lower = needle.toLowerCase();
  return {
    customerUrls: customers.map((c) => ({ name: `${c.first_name} ${c.last_name}`.trim(), email: c.email, url: `/customers/details?id=${c.id}` })),
    menus: CONSOLE_PAGES.filter((page) => page.name.toLowerCase().includes(lower)).map((page) => ({ ...page, email: '' })),
  };
}

function register(app: App) {
  app.post(
    '/account/search-list',
    {
      schema: {
        tags: ['search'],
        summary: 'Customers (name or email) and console pages matching the text',
        body: searchBody,
        response: { 200: dataEnvelope(searchResult) },
      },
      config: { permission: 'customers:read', apiScope: 'customers:read' },
    },
    async (request) => ({ data: await search(app, request.store.id, request.body.search) }),
  );
}

/** POST /api/v1/account/search-list (spec §7), also on the data host base. */
export const searchRoutes: RouteModule = { prefix: '/api/v1', register };
export const dataSearchRoutes: RouteModule = { prefix: '/data/v1', register };
