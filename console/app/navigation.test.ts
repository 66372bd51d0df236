import { describe, expect, it } from 'vitest';
import { EMAIL_SUB_ITEMS } from '../features/emails/email-pages.ts';
import { ONSITE_DISPLAY_NEW_UNTIL } from '../features/onsite-display/index.ts';
import { buildNavigation, selectedNavigation, type NavigationInput } from './navigation.ts';

const links = { helpCenter: 'https://help', demo: 'https://demo', contact: 'mailto:x', billing: 'https://billing?store_access_token=s' };
const base: NavigationInput = { role: 'owner', platform: 'bigcommerce', now: new Date(Date.UTC(2026, 10, 22)), emailEditor: false };
const labels = (input: NavigationInput, section: string) =>
  buildNavigation(input)
    .find((s) => s.id === section)
    ?.items.map((i) => i.label);

describe('side navigation (spec §2)', () => {
  it('main order: Home, Customers, On-site Display, Referrals, Points, Loyalty Program, Emails, Integrations, Analytics', () => {
    expect(labels(base, 'main')).toEqual([
      'Home',
      'Customers',
      'On-site Display',
      'Referrals',
      'Points',
      'Loyalty Program',
      'Emails',
      'Integrations',
      'Analytics',
    ]);
  });

  it.each([
    ['without support links: main, then Settings at the bottom', { ...base }, ['main', 'bottom']],
    ['with support links: the optional Support section before Settings', { ...base, supportLinks: links }, ['main', 'support', 'bottom']],
  ])('%s', (_name, input, sections) => {
    expect(buildNavigation(input).map((s) => s.id)).toEqual(sections);
    expect(labels(input, 'bottom')).toEqual(['Settings']);
  });

  it.each([
    ['owner', ['Help Center', 'Setup a Demo', 'Contact', 'Billing and Plans']],
    ['staff', ['Help Center', 'Setup a Demo', 'Contact']],
    ['', ['Help Center', 'Setup a Demo', 'Contact']],
  ])('support for role %j: %j (spec §6: Billing and Plans for the owner only)', (role, expected) => {
    expect(labels({ ...base, role, supportLinks: links }, 'support')).toEqual(expected);
  });

  it.each([
    [true, '/emails/email-dashboard/', 0],
    [false, '/emails', 9],
  ])('visual email editor %s → Emails at %s with %i sub-items', (emailEditor, path, count) => {
    const emails = buildNavigation({ ...base, emailEditor })[0]!.items.find((i) => i.id === 'emails')!;
    expect(emails.path).toBe(path);
    expect(emails.children?.length ?? 0).toBe(count);
    if (count) expect(emails.children!.map((c) => [c.label, c.path])).toEqual(EMAIL_SUB_ITEMS.map(([l, p]) => [l, p]));
  });

  it('Emails sub-items are the nine of spec §2', () => {
    expect(EMAIL_SUB_ITEMS.map(([label]) => label)).toEqual([
      'Referral Sent',
      'Referral Completed',
      'Points Earned',
      'Reward Redeemed',
      'Birthday',
      'Anniversary',
      'Tier switch',
      'Early points expiry',
      'Final points expiry',
    ]);
  });

  it('Integrations has Product History, Order History and Custom App', () => {
    const integrations = buildNavigation(base)[0]!.items.find((i) => i.id === 'integrations')!;
    expect(integrations.children!.map((c) => [c.label, c.path])).toEqual([
      ['Product History', '/integrations/product-list/'],
      ['Order History', '/integrations/store-order/'],
      ['Custom App', '/integrations/custom-app/'],
    ]);
  });

  it.each([
    [new Date(ONSITE_DISPLAY_NEW_UNTIL.getTime() - 1), 'New'],
    [ONSITE_DISPLAY_NEW_UNTIL, undefined],
  ])('date %s → On-site Display badge %s', (now, badge) => {
    expect(buildNavigation({ ...base, now })[0]!.items.find((i) => i.id === 'onsite-display')!.badge).toBe(badge);
  });

  it.each([
    ['bigcommerce', 'BigCommerce store'],
    ['shopify', 'Shopify store'],
    ['magento', 'Magento store'],
    ['', 'your store store'],
  ])('platform %j names the main section %j', (platform, label) => {
    expect(buildNavigation({ ...base, platform })[0]!.label).toBe(label);
  });
});

describe('the selected item is found by matching the current path (spec §2)', () => {
  const sections = buildNavigation({ ...base, supportLinks: links });
  it.each([
    ['/home', 'home', null],
    ['/customers', 'customers', null],
    ['/customers/details?id=4', 'customers', null],
    ['/customers/receipt-moderation', 'customers', null],
    ['/onsite-display/widget', 'onsite-display', null],
    ['/referrals/rewards', 'referrals', null],
    ['/rewards-loyalty/points/activity-list/', 'points', null],
    ['/rewards-loyalty/vip', 'loyalty-program', null],
    ['/emails', 'emails', null],
    ['/emails/birthday', 'emails', 'emails.birthday'],
    ['/integrations/custom-app/', 'integrations', 'integrations.custom-app'],
    ['/analytics', 'analytics', null],
    ['/settings', 'settings', null],
    ['/homework', null, null],
    ['/unknown', null, null],
  ])('%s → %s / %s', (path, itemId, childId) => {
    expect(selectedNavigation(sections, path)).toEqual({ itemId, childId });
  });

  it('with the visual email editor, /emails/email-dashboard/ selects Emails', () => {
    expect(selectedNavigation(buildNavigation({ ...base, emailEditor: true }), '/emails/email-dashboard/').itemId).toBe('emails');
  });
});
