/** The default landing page (every section from its template) and the coffee roaster demo. */
import { CURRENT_SCHEMA_VERSION, SECTION_TYPES, type LandingPage, type Section } from '../renderers/contract/index.ts';
import { DEFAULT_PALETTE, ON_PRIMARY, POINTS_GRID_LAYOUT, STORE_LINKS } from './defaults.ts';
import { SECTION_TEMPLATES, sectionFromTemplate } from './sections.ts';

export const DEFAULT_LANDING_PAGE: LandingPage = {
  kind: 'landing_page',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  theme: 'light',
  global: DEFAULT_PALETTE,
  sections: SECTION_TYPES.map((type) => sectionFromTemplate(type, type.replaceAll('_', '-'))),
};

const { shop: SHOP, signUp: SIGN_UP, signIn: SIGN_IN } = STORE_LINKS;

/** A section of the demo: the template's layout with the demo's content and layout tweaks. */
function demoSection(id: string, type: Section['type'], content: Section['content'], tweaks: Partial<Pick<Section, 'style' | 'layout'>> = {}): Section {
  const base = structuredClone(SECTION_TEMPLATES[type]);
  return { id, type, visible: true, content, style: { ...base.style, ...tweaks.style }, layout: { ...base.layout, ...tweaks.layout } };
}

const both = (content: Section['content']['member']): Section['content'] => ({ member: content, visitor: structuredClone(content) });

// Ways to earn and to redeem, VIP tiers and the timeline carry no lists of their own: they show the store's real program.

const demoReferral = {
  refereeReward: { title: '{friend_reward}', description: 'For your friend’s first bag' },
  referrerReward: { title: '{referral_reward}', description: 'For you, once they order' },
};

/** "Demo Coffee Roasters": all nine sections with member and visitor copy. */
export const DEMO_LANDING_PAGE: LandingPage = {
  kind: 'landing_page',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  theme: 'light',
  global: { primary_color: '#6b3f1d', secondary_color: '#f3e3c7', text_color: '#2b2118' },
  sections: [
    demoSection(
      'welcome',
      'banner',
      {
        member: {
          title: 'Good morning, {first_name}',
          paragraph: 'You have {loyalty_points_balance} {points_label} — enough for something good in your next cup.',
          primary_button: { label: 'Spend my {points_label}', url: '#rewards' },
          secondary_button: { label: 'Shop coffee', url: SHOP },
        },
        visitor: {
          title: 'The Bean Club',
          paragraph: 'Earn {earn_rate} on every bag, unlock free coffee and get first taste of our newest roasts.',
          primary_button: { label: 'Join the club', url: SIGN_UP },
          secondary_button: { label: 'Sign in', url: SIGN_IN },
          sign_up_url: SIGN_UP,
          sign_in_url: SIGN_IN,
        },
      },
      { style: { background_color: '#6b3f1d', font_color: ON_PRIMARY, font_size: 18 }, layout: { padding: 96 } },
    ),
    demoSection('intro', 'header', {
      member: { title: 'Your Bean Club', sub_heading: 'Roasted fresh, rewarded often', paragraph: 'Every bag you order brings you closer to the next tier.' },
      visitor: {
        title: 'Rewards as fresh as our roasts',
        sub_heading: 'Free to join, no catch',
        paragraph: 'Members collect {points_label} on every order and trade them for coffee, shipping and more.',
        primary_button: { label: 'Create an account', url: SIGN_UP },
      },
    }),
    demoSection(
      'how-it-works',
      'how_it_works',
      both({
        title: 'How it works',
        sub_heading: 'From first sip to free bag',
        steps: [
          { heading: 'Join the club', paragraph: 'Create your account and get {signup_points} to welcome you.', imageUrl: '' },
          { heading: 'Brew and earn', paragraph: 'Collect {earn_rate} on coffee and gear.', imageUrl: '' },
          { heading: 'Treat yourself', paragraph: 'Trade your {points_label} for discounts, shipping and free bags.', imageUrl: '' },
        ],
      }),
    ),
    demoSection('earn', 'ways_to_earn', both({ title: 'Ways to earn {points_label}', sub_heading: 'More coffee, more {points_label}' }), {
      layout: { ...POINTS_GRID_LAYOUT },
      style: { background_color: '#f3e3c7', font_color: '#2b2118' },
    }),
    demoSection('redeem', 'ways_to_redeem', both({ title: 'Ways to redeem', sub_heading: 'Spend {points_label} on what you love' }), {
      layout: { ...POINTS_GRID_LAYOUT },
    }),
    demoSection('refer', 'referral', {
      member: {
        title: 'Share the good coffee',
        paragraph: 'Give a friend a {friend_reward}; get a {referral_reward} when they order.',
        ...demoReferral,
        primary_button: { label: 'Copy my link', url: '#refer' },
      },
      visitor: {
        title: 'Coffee is better shared',
        paragraph: 'Members give friends a {friend_reward} and get a {referral_reward} back.',
        ...demoReferral,
        primary_button: { label: 'Join to refer', url: SIGN_UP },
      },
    }),
    demoSection('tiers', 'vip_tiers', both({ title: 'Roast levels', sub_heading: 'The more you brew, the darker you roast' })),
    demoSection('journey', 'timeline', both({ title: 'Milestones worth celebrating', sub_heading: 'What your {points_label} unlock on the way' })),
    demoSection('rewards', 'reward_list', {
      member: { title: 'Your rewards', sub_heading: 'Pick one at checkout', primary_button: { label: 'Shop coffee', url: SHOP } },
      visitor: { title: 'Rewards waiting for you', sub_heading: 'Join to start collecting', primary_button: { label: 'Join the club', url: SIGN_UP } },
    }),
  ],
};
