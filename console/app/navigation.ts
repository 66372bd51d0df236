import type { NavItem, NavItemInput } from '../lib/feature.ts';
import { platformName } from '../lib/platform.ts';
import { FEATURES } from './features.ts';

/** spec §2: the side navigation, a pure function of role, platform and date. */

export type { NavItem };

export interface NavSection {
  id: 'main' | 'support' | 'bottom';
  label: string;
  items: NavItem[];
}

export interface NavigationInput extends NavItemInput {
  role: string;
  platform: string;
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

/** spec §2: Home, Customers, On-site Display, Referrals, Points, Loyalty Program, Emails, Integrations, Analytics, optional Support, Settings at the bottom. */
export function buildNavigation(input: NavigationInput): NavSection[] {
  const { role, platform, supportLinks } = input;
  const items = (section: 'main' | 'bottom') => FEATURES.flatMap((feature) => (feature.nav?.section === section ? [feature.nav.item(input)] : []));
  const sections: NavSection[] = [{ id: 'main', label: `${platformName(platform)} store`, items: items('main') }];
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
  sections.push({ id: 'bottom', label: 'Account', items: items('bottom') });
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
