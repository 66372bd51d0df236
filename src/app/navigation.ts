import type { NavIcon } from '../components/ui/icons.tsx';
import { EMAIL_SUB_ITEMS, INTEGRATION_SUB_ITEMS, platformName } from '../lib/routes.ts';

/** spec §2: the side navigation, a pure function of role, platform and date. */

export interface NavItem {
  id: string;
  label: string;
  path: string;
  icon?: NavIcon;
  /** opens outside the console */
  external?: boolean;
  badge?: string;
  children?: NavItem[];
}

export interface NavSection {
  id: 'main' | 'support' | 'bottom';
  label: string;
  items: NavItem[];
}

export interface NavigationInput {
  role: string;
  platform: string;
  now: Date;
  /** the store's settings.email_settings.unlayer */
  emailEditor: boolean;
  /** optional Support section; `supportLinks` gives its addresses */
  supportLinks?: SupportLinks | null;
}

export interface SupportLinks {
  helpCenter: string;
  demo: string;
  contact: string;
  /** billing page for the owner (already carrying the store access token) */
  billing: string;
}

/** The builder studio's launch: On-site Display carries a "New" badge until then. */
export const ONSITE_DISPLAY_NEW_UNTIL = new Date(Date.UTC(2027, 2, 31));

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const subItems = (parent: string, list: ReadonlyArray<readonly [string, string]>): NavItem[] =>
  list.map(([label, path]) => ({ id: `${parent}.${slug(label)}`, label, path }));

/** spec §2: Home, Customers, On-site Display, Referrals, Points, Loyalty Program, Emails, Integrations, Analytics, optional Support, Settings at the bottom. */
export function buildNavigation({ role, platform, now, emailEditor, supportLinks }: NavigationInput): NavSection[] {
  const emails: NavItem = emailEditor
    ? { id: 'emails', label: 'Emails', path: '/emails/email-dashboard/', icon: 'emails' }
    : { id: 'emails', label: 'Emails', path: '/emails', icon: 'emails', children: subItems('emails', EMAIL_SUB_ITEMS) };
  const main: NavItem[] = [
    { id: 'home', label: 'Home', path: '/home', icon: 'home' },
    { id: 'customers', label: 'Customers', path: '/customers', icon: 'customers' },
    {
      id: 'onsite-display',
      label: 'On-site Display',
      path: '/onsite-display',
      icon: 'display',
      ...(now.getTime() < ONSITE_DISPLAY_NEW_UNTIL.getTime() ? { badge: 'New' } : {}),
    },
    { id: 'referrals', label: 'Referrals', path: '/referrals/rewards', icon: 'referrals' },
    { id: 'points', label: 'Points', path: '/rewards-loyalty/points', icon: 'points' },
    { id: 'loyalty-program', label: 'Loyalty Program', path: '/rewards-loyalty/vip', icon: 'loyalty' },
    emails,
    { id: 'integrations', label: 'Integrations', path: '/integrations', icon: 'integrations', children: subItems('integrations', INTEGRATION_SUB_ITEMS) },
    { id: 'analytics', label: 'Analytics', path: '/analytics', icon: 'analytics' },
  ];
  const sections: NavSection[] = [{ id: 'main', label: `${platformName(platform)} store`, items: main }];
  if (supportLinks) {
    const support: NavItem[] = [
      { id: 'help-center', label: 'Help Center', path: supportLinks.helpCenter, icon: 'help', external: true },
      { id: 'setup-demo', label: 'Setup a Demo', path: supportLinks.demo, icon: 'help', external: true },
      { id: 'contact', label: 'Contact', path: supportLinks.contact, icon: 'help', external: true },
    ];
    // spec §6: only the role owner gets Billing and Plans.
    if (role === 'owner') support.push({ id: 'billing', label: 'Billing and Plans', path: supportLinks.billing, icon: 'help', external: true });
    sections.push({ id: 'support', label: 'Support', items: support });
  }
  sections.push({ id: 'bottom', label: 'Account', items: [{ id: 'settings', label: 'Settings', path: '/settings', icon: 'settings' }] });
  return sections;
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const matches = (itemPath: string, current: string) => {
  const item = normalise(itemPath);
  return current === item || current.startsWith(`${item}/`);
};

/** spec §2: the selected item is found by matching the current path (the longest match wins). */
export function selectedNavigation(sections: NavSection[], path: string): { itemId: string | null; childId: string | null } {
  const current = normalise(path.split(/[?#]/)[0] ?? path);
  let best: { itemId: string; childId: string | null; length: number } | null = null;
  for (const section of sections) {
    for (const item of section.items) {
      if (item.external) continue;
      const candidates: Array<[NavItem, string | null]> = [[item, null], ...(item.children ?? []).map((c): [NavItem, string] => [c, c.id])];
      for (const [candidate, childId] of candidates) {
        if (!matches(candidate.path, current)) continue;
        const length = normalise(candidate.path).length;
        if (!best || length > best.length) best = { itemId: item.id, childId, length };
      }
    }
  }
  return best ? { itemId: best.itemId, childId: best.childId } : { itemId: null, childId: null };
}
