/**
 * Test fixtures of the renderer unit tests (the renderers may not import presets, whose demo
 * documents the presets/SSR suites and the browser tests use). Small but complete: every
 * section type, every panel, both audiences.
 */
import {
  CURRENT_SCHEMA_VERSION,
  PANEL_AUDIENCES,
  PANEL_KEYS,
  type LandingPage,
  type Launcher,
  type LauncherSettings,
  type Panels,
  type PanelTexts,
  type Section,
  type SectionContent,
  type SectionType,
  type StickyBar,
  type ThemeTokens,
  type Widget,
} from '../contract/index.ts';
import { makeContext, type MemberState, type ProgramData, type RenderContext, type ThemeSet } from '../context.ts';
import { pageIcons } from '../shared/page-icons.ts';

export const LIGHT_TOKENS: ThemeTokens = {
  background: '#ffffff',
  text: '#333333',
  text_muted: '#5c6370',
  surface: '#f5f6f7',
  surface_text: '#333333',
  accent: '#047b5d',
  accent_text: '#ffffff',
  border: '#d0d5dd',
  focus_ring: '#0060e7',
  font_family: 'system',
  font_size: 15,
  radius: 10,
  spacing: 16,
};
export const DARK_TOKENS: ThemeTokens = {
  ...LIGHT_TOKENS,
  background: '#121417',
  text: '#e8eaed',
  text_muted: '#a9afb7',
  surface: '#1e2227',
  surface_text: '#e8eaed',
  accent: '#3ccf9f',
  accent_text: '#0b1f19',
  border: '#3a4049',
  focus_ring: '#8ab4f8',
};
export const TEST_THEMES: ThemeSet = {
  light: LIGHT_TOKENS,
  'light-mobile': { ...LIGHT_TOKENS, font_size: 16 },
  'light-high-contrast-experimental': { ...LIGHT_TOKENS, text: '#000000', surface_text: '#000000', border: '#000000' },
  'dark-experimental': DARK_TOKENS,
};

export const PROGRAM: ProgramData = {
  pointsLabel: 'points',
  waysToEarn: [{ id: 'order', title: 'Place an order', description: '1 point per $1 spent', points: 1, icon: 'bag' }],
  waysToRedeem: [{ id: 'five-off', title: '$5 off coupon', description: 'Next order', cost: 500, icon: 'ticket' }],
  vipTiers: [
    { id: 'bronze', name: 'Bronze', threshold: 0, perks: ['Perk A'], rewards: ['Reward A'] },
    { id: 'gold', name: 'Gold', threshold: 1000, perks: ['Perk B'], rewards: ['Reward B'] },
  ],
  referral: { referrer: { kind: 'percent_off', percent: 5 }, referee: { kind: 'amount_off', amountMinor: 500 } },
};

export const MEMBER: MemberState = {
  customerId: 'c-1',
  firstName: 'Ada',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  pointsBalance: 1250,
  pendingPoints: 40,
  lifetimePoints: 3000,
  pointsEarned: 25,
  tier: { current: 'Bronze', next: 'Gold', pointsToNext: 250, progress: 0.75 },
  rewards: [{ id: 'r1', title: '$5 off coupon', code: 'SAVE5-ADA' }],
  referralLink: 'https://shop.example/r/ada',
  referralsEarned: 2,
  joinedAt: '2025-01-15',
};

/** `ctx` as the storefront bootstrap serves it to the loader: with the drawings of the icons `documents` use (`pageIcons`). */
export const servedCtx = (ctx: RenderContext, ...documents: unknown[]): RenderContext => ({
  ...ctx,
  icons: pageIcons(
    documents,
    Object.entries(ctx.icons ?? {}).map(([id, path]) => ({ id, path })),
  ),
});

export const visitorCtx = (overrides: Partial<RenderContext> = {}) => makeContext({ program: PROGRAM, themes: TEST_THEMES, ...overrides });
export const memberCtx = (overrides: Partial<RenderContext> = {}) =>
  makeContext({ audience: 'member', member: MEMBER, program: PROGRAM, themes: TEST_THEMES, ...overrides });

const CONTENT: Record<SectionType, SectionContent> = {
  banner: {
    title: 'Welcome {first_name}',
    paragraph: 'You have {loyalty_points_balance} {points_label}',
    primary_button: { label: 'Join now', url: '/account/register' },
    secondary_button: { label: 'Learn more', url: '' },
    sign_in_url: '/account/login',
    sign_up_url: '/account/register',
  },
  header: { title: 'Rewards', sub_heading: 'Free to join', paragraph: 'Earn on every order', primary_button: { label: 'Shop', url: '/shop' } },
  how_it_works: {
    title: 'How it works',
    sub_heading: 'Three steps',
    steps: [
      { heading: 'Join', paragraph: 'Create an account', imageUrl: 'https://cdn.example/join.png' },
      { heading: 'Earn', paragraph: 'Shop and earn', imageUrl: '' },
    ],
  },
  ways_to_earn: {
    title: 'Ways to earn',
    sub_heading: 'Collect points',
    earningMethods: [{ id: 'e1', title: 'Birthday', description: 'A treat', points: 100, icon: 'cake' }],
  },
  ways_to_redeem: {
    title: 'Ways to redeem',
    sub_heading: 'Spend points',
    redeemMethods: [{ id: 'r1', title: 'Free shipping', description: 'Next order', points: 750, icon: 'truck' }],
  },
  referral: {
    title: 'Refer a friend',
    paragraph: 'Give and get',
    refereeReward: { title: 'They get', description: '$5 off' },
    referrerReward: { title: 'You get', description: '5% off' },
    primary_button: { label: 'Refer', url: '#refer' },
  },
  vip_tiers: {
    title: 'VIP tiers',
    sub_heading: 'Climb',
  },
  timeline: {
    title: 'Journey',
    sub_heading: 'Milestones',
    events: [
      { date: '50 points', title: 'First reward', description: '$5 off', icon: 'gift' },
      { date: '100 points', title: 'Second', description: 'Shipping', icon: 'truck' },
    ],
  },
  reward_list: {
    title: 'Rewards',
    sub_heading: 'Pick one',
    redeemMethods: [{ id: 'x1', title: '$5 off', description: 'Any order', points: 500, icon: 'ticket' }],
    primary_button: { label: 'Shop', url: '/shop' },
  },
};

export function section(type: SectionType, patch: Partial<Section> = {}): Section {
  const content = structuredClone(CONTENT[type]);
  return { id: type.replace(/_/g, '-'), type, visible: true, content: { member: content, visitor: structuredClone(content) }, style: {}, layout: {}, ...patch };
}

export function landingDoc(sections: Section[] = (Object.keys(CONTENT) as SectionType[]).map((t) => section(t))): LandingPage {
  return {
    kind: 'landing_page',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    theme: 'light',
    global: { primary_color: '#047b5d', secondary_color: '#d9d64d', text_color: '#333333' },
    sections,
  };
}

const texts = (key: string): PanelTexts => ({
  title: `${key} title`,
  body: `${key} body for {first_name}`,
  primary_button_label: `${key} go`,
  secondary_button_label: `${key} more`,
  input_placeholder: `${key} input`,
});

export function widgetDoc(): Widget {
  const panels = Object.fromEntries(
    PANEL_KEYS.map((key) => {
      const audiences = PANEL_AUDIENCES[key] as readonly string[];
      return [key, { visible: true, ...Object.fromEntries(audiences.map((a) => [a, texts(key)])) }];
    }),
  ) as unknown as Panels;
  panels.header = {
    visible: true,
    member: { title: 'Hi {first_name}', body: 'You have {loyalty_points_balance} {points_label}' },
    visitor: { title: 'Welcome', body: 'Join us' },
  };
  return {
    kind: 'widget',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    widget_type: 'floating',
    program_type: 'points_and_referrals',
    selected_widget_type: 'floating',
    theme_type: 'light',
    text_color: '#ffffff',
    background_color: '#0060E7',
    panels,
  };
}

const LAUNCHER_SETTINGS: LauncherSettings = {
  zoom: 100,
  launcher_type: 'icon_text',
  padding_bottom: 20,
  padding_side: 20,
  launcher_title: 'Get Rewarded',
  background_color: '#0060E7',
  text_color: '#ffffff',
  icon: 'gift',
  icon_type: 'library',
  placement: 'left',
  shape: 'circular',
  z_index: 999,
};
export function launcherDoc(desktop: Partial<LauncherSettings> = {}, mobile: Partial<LauncherSettings> = {}): Launcher {
  return {
    kind: 'launcher',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    desktop: { ...LAUNCHER_SETTINGS, ...desktop },
    mobile: { ...LAUNCHER_SETTINGS, padding_side: 0, ...mobile },
  };
}

/** A sticky bar without `drawer.sign_up_url` unless `drawer` gives one (as documents saved before it). */
export function stickyBarDoc(bar: Partial<StickyBar['bar']> = {}, drawer: Partial<StickyBar['drawer']> = {}): StickyBar {
  return {
    kind: 'sticky_bar',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    bar: { placement: 'bottom', height: 48, theme: 'light', text: 'Earn 1 point per $1 spent', ...bar },
    drawer: {
      logged_out: { primary_text: 'Join our program', secondary_text: 'Sign up to earn' },
      logged_in: { primary_text: 'Hi {first_name}, you have {loyalty_points_balance} {points_label}', secondary_text: 'Spend them' },
      ...drawer,
    },
  };
}
