export const EMAIL_SUB_ITEMS: ReadonlyArray<readonly [string, string]> = [
  ['Referral Sent', '/emails/referral-received'],
  ['Referral Completed', '/emails/referral-completed'],
  ['Points Earned', '/emails/points-earned'],
  ['Reward Redeemed', '/emails/reward-redeemed'],
  ['Birthday', '/emails/birthday'],
  ['Anniversary', '/emails/anniversary'],
  ['Tier switch', '/emails/loyalty-tier-update'],
  ['Early points expiry', '/emails/early-points-expiry'],
  ['Final points expiry', '/emails/final-points-expiry'],
];

export const INTEGRATION_SUB_ITEMS: ReadonlyArray<readonly [string, string]> = [
  ['Product History', '/integrations/product-list/'],
  ['Order History', '/integrations/store-order/'],
  ['Custom App', '/integrations/custom-app/'],
];

const PLATFORM_NAMES: Record<string, string> = { bigcommerce: 'BigCommerce', shopify: 'Shopify', woocommerce: 'WooCommerce' };
export const platformName = (platform: string) =>
  PLATFORM_NAMES[platform.toLowerCase()] ?? (platform ? platform[0]!.toUpperCase() + platform.slice(1) : 'your store');

/**
 * spec §2: every admin route, with its page title and what the page will hold.
 * `screen` names a route with a real screen; the others show an honest empty state until one is
 * built.
 */
export interface RouteEntry {
  path: string;
  title: string;
  /** what will be on the page (shown in the empty state) */
  purpose: string;
  screen?:
    | 'home'
    | 'settings'
    | 'onboarding'
    | 'onsite-display'
    | 'emails'
    | 'analytics'
    | 'custom-app'
    | 'integrations'
    | 'order-history'
    | 'product-history'
    | 'points'
    | 'points-activity'
    | 'customers'
    | 'customer-details'
    | 'customer-awards'
    | 'receipt-moderation'
    | 'referrals'
    | 'vip';
  /** a parent page to go back to */
  back?: { to: string; label: string };
}

const emailPurpose = (label: string) => `Design the "${label}" email your members receive: subject, content and a test send.`;

export const ROUTES: RouteEntry[] = [
  { path: '/home', title: 'Home', purpose: 'Your program at a glance: members, points issued and redeemed, referrals and recent activity.', screen: 'home' },
  {
    path: '/customers',
    title: 'Customers',
    purpose: 'Every member of your program with points balance, VIP tier and referral status, with search, filters, import and export.',
    screen: 'customers',
  },
  {
    path: '/customers/details',
    title: 'Customer details',
    purpose: "One customer's points history, rewards, referrals, VIP transactions and orders, with points adjustment.",
    back: { to: '/customers', label: 'Customers' },
    screen: 'customer-details',
  },
  {
    // not a route of spec §2 (awards are "named only by action"): placed under Customers, whose nav item it selects
    path: '/customers/awards',
    title: 'Award points',
    purpose: 'Give points to the members a filter chooses, once, with a preview and the history of who granted what.',
    back: { to: '/customers', label: 'Customers' },
    screen: 'customer-awards',
  },
  {
    path: '/customers/receipt-moderation',
    title: 'Receipt Moderation',
    purpose: 'Receipts uploaded by shoppers, waiting for you to approve or reject them.',
    back: { to: '/customers', label: 'Customers' },
    screen: 'receipt-moderation',
  },
  {
    path: '/onsite-display',
    title: 'On-site Display',
    purpose: 'Your landing page, widget, launcher and sticky bar, designed in the builder studio.',
    screen: 'onsite-display',
  },
  {
    path: '/onsite-display/widget',
    title: 'Widget',
    purpose: 'The builder for the rewards widget and its launcher on desktop and mobile.',
    screen: 'onsite-display',
    back: { to: '/onsite-display', label: 'On-site Display' },
  },
  {
    path: '/onsite-display/landing-page',
    title: 'Landing page',
    purpose: 'The builder for your rewards landing page and its nine sections.',
    screen: 'onsite-display',
    back: { to: '/onsite-display', label: 'On-site Display' },
  },
  {
    path: '/onsite-display/sticky-bar',
    title: 'Sticky bar',
    purpose: 'The builder for the sticky bar and its drawer.',
    screen: 'onsite-display',
    back: { to: '/onsite-display', label: 'On-site Display' },
  },
  {
    path: '/referrals/rewards',
    title: 'Referrals',
    purpose: 'What referrers and their friends receive, and the referral activity of your members.',
    screen: 'referrals',
  },
  {
    path: '/rewards-loyalty/points',
    title: 'Points',
    purpose: 'Ways to earn and ways to redeem points, points expiry and the points label.',
    screen: 'points',
  },
  {
    path: '/rewards-loyalty/points/activity-list',
    title: 'Activity',
    purpose: 'Every points transaction of your members: earned, redeemed, adjusted and expired.',
    screen: 'points-activity',
    back: { to: '/rewards-loyalty/points', label: 'Points' },
  },
  { path: '/rewards-loyalty/vip', title: 'Loyalty Program', purpose: 'VIP tiers, their entry rules, perks and rewards.', screen: 'vip' },
  { path: '/emails/email-dashboard', title: 'Emails', purpose: 'All program emails in the visual email editor, with starter templates.', screen: 'emails' },
  { path: '/emails', title: 'Emails', purpose: 'The emails your members receive when they earn, redeem, refer or change tier.', screen: 'emails' },
  ...EMAIL_SUB_ITEMS.map(([label, path]): RouteEntry => ({
    path,
    title: label,
    purpose: emailPurpose(label),
    screen: 'emails',
    back: { to: '/emails', label: 'Emails' },
  })),
  ...EMAIL_SUB_ITEMS.map(([label, path]): RouteEntry => ({
    path: path.replace('/emails/', '/emails/email-editor/'),
    title: `${label} — visual editor`,
    purpose: emailPurpose(label),
    screen: 'emails',
    back: { to: '/emails/email-dashboard/', label: 'Emails' },
  })),
  {
    path: '/integrations',
    title: 'Integrations',
    purpose: 'Apps connected to your store, order status rules, API clients and webhooks.',
    screen: 'integrations',
  },
  ...INTEGRATION_SUB_ITEMS.map(([label, path]): RouteEntry => ({
    path: path.replace(/\/$/, ''),
    title: label,
    purpose:
      label === 'Custom App'
        ? 'API clients and the HMAC secret for your own integrations.'
        : `Import your store's ${label === 'Product History' ? 'products' : 'past orders'} so members earn for them.`,
    back: { to: '/integrations', label: 'Integrations' },
    ...(label === 'Custom App'
      ? { screen: 'custom-app' as const }
      : label === 'Order History'
        ? { screen: 'order-history' as const }
        : { screen: 'product-history' as const }),
  })),
  { path: '/analytics', title: 'Analytics', purpose: 'Charts and metrics of members, points, referrals and VIP customers over time.', screen: 'analytics' },
  { path: '/settings', title: 'My account', purpose: 'Your profile, password and the store settings.', screen: 'settings' },
  { path: '/onboarding', title: 'Onboarding', purpose: 'Set up your program step by step.', screen: 'onboarding' },
];

/** The route of a path (a trailing slash is ignored). */
export const routeByPath = (path: string) => {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((route) => route.path === normalised);
};
