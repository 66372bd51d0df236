/** The default widget (spec §3 colours, all 14 panels) and the coffee roaster demo. */
import { CURRENT_SCHEMA_VERSION, type Panels, type Widget } from '../renderers/contract/index.ts';
import { STORE_LINKS, WIDGET_COLOURS } from './defaults.ts';

const { signUp: SIGN_UP, signIn: SIGN_IN } = STORE_LINKS;

const DEFAULT_PANELS: Panels = {
  header: {
    visible: true,
    member: { title: 'Hi {first_name}', body: 'You have {loyalty_points_balance} {points_label}' },
    visitor: { title: 'Welcome to our rewards', body: 'Earn {earn_rate} and turn your {points_label} into rewards.' },
  },
  signup: {
    visible: true,
    visitor: {
      title: 'Become a member',
      body: 'Join to earn {points_label}, unlock rewards and get exclusive perks.',
      primary_button_label: 'Join now',
      primary_button_url: SIGN_UP,
      secondary_button_label: 'Sign in',
      secondary_button_url: SIGN_IN,
    },
  },
  reward_points: {
    visible: true,
    member: {
      title: 'Your {points_label}',
      body: 'Earn more {points_label} and spend them on rewards.',
      primary_button_label: 'Ways to earn',
      secondary_button_label: 'Ways to redeem',
    },
    visitor: { title: 'Earn {points_label}', body: 'Earn {earn_rate} and more. Join to start collecting.', primary_button_label: 'Ways to earn' },
  },
  referral_program: {
    visible: true,
    member: { title: 'Referrals', body: 'Give a {friend_reward}, get a {referral_reward}.', primary_button_label: 'Refer a friend' },
    visitor: {
      title: 'Referrals',
      body: 'Members give a {friend_reward} and get a {referral_reward}.',
      primary_button_label: 'Join now',
      primary_button_url: SIGN_UP,
    },
  },
  referral_details: {
    visible: true,
    member: {
      title: 'Your referral link',
      body: 'Share your link: your friend gets a {friend_reward}, you get a {referral_reward}.',
      primary_button_label: 'Copy link',
    },
  },
  referral_send_email: {
    visible: true,
    member: {
      title: 'Invite by e-mail',
      body: 'We will send your friend their {friend_reward}.',
      primary_button_label: 'Send invite',
      input_placeholder: 'Friend’s e-mail address',
    },
  },
  referral_complete: {
    visible: true,
    member: { title: 'Invite sent', body: 'You get a {referral_reward} when your friend places their first order.', primary_button_label: 'Done' },
  },
  redeem_cart: {
    visible: true,
    member: {
      title: 'Use your {points_label}',
      body: 'You have {loyalty_points_balance} {points_label} to spend on this order.',
      primary_button_label: 'Redeem',
    },
  },
  reward_cart: {
    visible: true,
    member: { title: 'Your rewards', body: 'Apply a reward to this order.', primary_button_label: 'Apply code' },
  },
  first_time_visitor: {
    visible: true,
    visitor: {
      title: 'New here?',
      body: 'Join our rewards program and get {signup_points} to start.',
      primary_button_label: 'Join now',
      primary_button_url: SIGN_UP,
    },
  },
  vip: {
    visible: true,
    member: { title: 'VIP tiers', body: 'Reach the next tier to unlock more perks.', primary_button_label: 'See tiers' },
    visitor: { title: 'VIP tiers', body: 'Members unlock perks as they reach higher tiers.', primary_button_label: 'Join now', primary_button_url: SIGN_UP },
  },
  share_points: {
    visible: false,
    member: {
      title: 'Share {points_label}',
      body: 'Send some of your {points_label} to a friend.',
      primary_button_label: 'Share',
      input_placeholder: 'Friend’s e-mail address',
    },
  },
  birthday: {
    visible: true,
    member: {
      title: 'Birthday reward',
      body: 'Tell us your birthday and get a treat every year.',
      primary_button_label: 'Save birthday',
      input_placeholder: 'MM/DD',
    },
  },
  anniversary: {
    visible: true,
    member: { title: 'Anniversary reward', body: 'Celebrate the day you joined with bonus {points_label}.', primary_button_label: 'Got it' },
  },
};

export const DEFAULT_WIDGET: Widget = {
  kind: 'widget',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  widget_type: 'floating',
  program_type: 'points_and_referrals',
  selected_widget_type: null,
  theme_type: 'light',
  ...WIDGET_COLOURS,
  panels: DEFAULT_PANELS,
};

/** "Demo Coffee Roasters": every panel shown (the store calls its points beans: its `points_label`). */
export const DEMO_WIDGET: Widget = {
  ...DEFAULT_WIDGET,
  selected_widget_type: 'floating',
  text_color: '#ffffff',
  background_color: '#6b3f1d',
  panels: {
    ...DEFAULT_PANELS,
    header: {
      visible: true,
      member: { title: 'Hi {first_name}', body: 'You have {loyalty_points_balance} {points_label}' },
      visitor: { title: 'The Bean Club', body: 'Earn {earn_rate} on every bag and trade your {points_label} for free coffee.' },
    },
    first_time_visitor: {
      visible: true,
      visitor: {
        title: 'First time here?',
        body: 'Join the Bean Club and get {signup_points} to welcome you.',
        primary_button_label: 'Join the club',
        primary_button_url: SIGN_UP,
      },
    },
    share_points: { ...DEFAULT_PANELS.share_points, visible: true },
    birthday: {
      visible: true,
      member: {
        title: 'A birthday brew',
        body: 'Add your birthday and we will send {birthday_points} every year.',
        primary_button_label: 'Save birthday',
        input_placeholder: 'MM/DD',
      },
    },
  },
};
