/**
 * What the builder's "add section" inserts for each section type: generic, store-neutral copy
 * for members and visitors (what it states of the program comes from placeholders and the
 * program itself), and the layout knobs the type uses. The SAMPLE_* lists are the canvas's
 * sample program, drawn (marked as sample) only where the store's own program has none.
 * Style is left empty so a new section follows the page palette and theme.
 */
import type { Section, SectionContent, SectionType } from '../renderers/contract/index.ts';
import { POINTS_GRID_LAYOUT, STORE_LINKS } from './defaults.ts';

export type SectionTemplate = Omit<Section, 'id'>;

export const SAMPLE_EARNING_METHODS = [
  { id: 'place-order', title: 'Place an order', description: '{earn_rate}', points: 1, icon: 'bag' },
  { id: 'create-account', title: 'Create an account', description: 'A welcome gift for joining', points: 50, icon: 'user-plus' },
  { id: 'celebrate-birthday', title: 'Celebrate your birthday', description: 'A treat on your special day', points: 100, icon: 'cake' },
] satisfies SectionContent['earningMethods'];

export const SAMPLE_REDEEM_METHODS = [
  { id: 'five-dollars-off', title: '$5 off coupon', description: 'Use on your next order', points: 500, icon: 'ticket' },
  { id: 'ten-percent-off', title: '10% off coupon', description: 'Use on any order', points: 1000, icon: 'percent' },
  { id: 'free-shipping', title: 'Free shipping', description: 'On your next order', points: 750, icon: 'truck' },
] satisfies SectionContent['redeemMethods'];

export const SAMPLE_TIERS = [
  { id: 'bronze', name: 'Bronze', threshold: 0, perks: ['{earn_rate}'], rewards: ['Birthday reward'] },
  { id: 'silver', name: 'Silver', threshold: 500, perks: ['Earn 1.25× {points_label}', 'Early access to sales'], rewards: ['$5 off coupon'] },
  { id: 'gold', name: 'Gold', threshold: 1000, perks: ['Earn 1.5× {points_label}', 'Free shipping on every order'], rewards: ['10% off coupon'] },
] satisfies SectionContent['loyalty_tiers'];

const refereeReward = { title: '{friend_reward}', description: 'Your friend gets it for their first order' };
const referrerReward = { title: '{referral_reward}', description: 'You get it when they place it' };

const join = { label: 'Join now', url: STORE_LINKS.signUp };
const signIn = { label: 'Sign in', url: STORE_LINKS.signIn };

/** Both audiences see the same content. */
const same = (content: SectionContent) => ({ member: content, visitor: structuredClone(content) });

const template = (type: SectionType, content: Section['content'], layout: Section['layout'] = {}): SectionTemplate => ({
  type,
  visible: true,
  content,
  style: {},
  layout: { text_align: 'center', padding: 48, style: 'plain', ...layout },
});

const cards = { card_shape: 'rounded', card_style: 'outlined' } as const;

export const SECTION_TEMPLATES: Record<SectionType, SectionTemplate> = {
  banner: template(
    'banner',
    {
      member: {
        title: 'Welcome back, {first_name}',
        paragraph: 'You have {loyalty_points_balance} {points_label} to spend on rewards.',
        primary_button: { label: 'Redeem {points_label}', url: '#ways-to-redeem' },
        secondary_button: { label: 'Ways to earn', url: '#ways-to-earn' },
      },
      visitor: {
        title: 'Join our rewards program',
        paragraph: 'Earn {earn_rate} and turn your {points_label} into discounts.',
        primary_button: join,
        secondary_button: signIn,
        sign_up_url: STORE_LINKS.signUp,
        sign_in_url: STORE_LINKS.signIn,
      },
    },
    { padding: 72, style: 'highlighted' },
  ),
  header: template('header', {
    member: { title: 'Your rewards', sub_heading: 'Everything you can earn and spend', paragraph: 'Keep shopping to reach the next tier.' },
    visitor: {
      title: 'Rewards for every order',
      sub_heading: 'Free to join',
      paragraph: 'Sign up to start earning {points_label} today.',
      primary_button: join,
    },
  }),
  how_it_works: template(
    'how_it_works',
    same({
      title: 'How it works',
      sub_heading: 'Three simple steps',
      steps: [
        { heading: 'Join', paragraph: 'Create an account in seconds.', imageUrl: '' },
        { heading: 'Earn', paragraph: 'Collect {points_label} every time you shop.', imageUrl: '' },
        { heading: 'Redeem', paragraph: 'Turn your {points_label} into discounts.', imageUrl: '' },
      ],
    }),
    {
      mobile_columns: 1,
      desktop_columns: 3,
      show_numbers: true,
      show_connectors: true,
      ...cards,
      desktop_image_placement: 'top',
      mobile_image_placement: 'left',
    },
  ),
  ways_to_earn: template('ways_to_earn', same({ title: 'Ways to earn', sub_heading: 'Collect {points_label} for these actions' }), {
    ...POINTS_GRID_LAYOUT,
    ...cards,
  }),
  ways_to_redeem: template('ways_to_redeem', same({ title: 'Ways to redeem', sub_heading: 'Spend your {points_label} on rewards' }), {
    ...POINTS_GRID_LAYOUT,
    ...cards,
  }),
  referral: template(
    'referral',
    {
      member: {
        title: 'Refer a friend',
        paragraph: 'Give a {friend_reward}, get a {referral_reward}.',
        refereeReward,
        referrerReward,
        primary_button: { label: 'Get your link', url: '#referral' },
      },
      visitor: { title: 'Refer a friend', paragraph: 'Give a {friend_reward}, get a {referral_reward}.', refereeReward, referrerReward, primary_button: join },
    },
    { mobile_columns: 1, desktop_columns: 2, ...cards },
  ),
  vip_tiers: template('vip_tiers', same({ title: 'VIP tiers', sub_heading: 'The more you shop, the more you get' }), {
    layout_style: 'grid',
    mobile_columns: 1,
    desktop_columns: 3,
    ...cards,
    tier_spacing: 'comfortable',
    tier_alignment: 'center',
    progress_line: true,
    auto_expand_perks: true,
    auto_expand_rewards: false,
  }),
  timeline: template('timeline', same({ title: 'Your rewards journey', sub_heading: 'Milestones on the way' }), {
    layout_style: 'list',
    show_connectors: true,
    ...cards,
  }),
  reward_list: template('reward_list', same({ title: 'Rewards', sub_heading: 'Choose what to spend your {points_label} on' }), {
    layout_style: 'list',
    mobile_columns: 1,
    desktop_columns: 1,
    ...cards,
  }),
};

/** A new section of `type` with the given id (a deep copy: editing it never touches the template). */
export function sectionFromTemplate(type: SectionType, id: string): Section {
  return { id, ...structuredClone(SECTION_TEMPLATES[type]) };
}
