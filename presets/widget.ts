/** The default widget (spec §3 colours, all 14 panels) and the coffee roaster demo. */
import { CURRENT_SCHEMA_VERSION, type Panels, type Widget } from '../renderers/schema/index.ts';
import { STORE_LINKS, WIDGET_COLOURS } from './defaults.ts';

const { signUp: SIGN_UP, signIn: SIGN_IN } = STORE_LINKS;

const DEFAULT_PANELS: Panels = {
  header: {
    visible: true,
    member: { title: 'Hi {first_name}', body: 'You have {loyalty_points_balance} {points_label}' },
    visitor: { title: 'Welcome to our rewards', body: 'Earn points on every order and turn them into rewards.' },
  },
  signup: {
    visible: true,
    visitor: {
      title: 'Become a member',
      body: 'Join to earn points, unlock rewards and get exclusive perks.',
      primary_button_label: 'Join now',
      primary_button_url: SIGN_UP,
      secondary_button_label: 'Sign in',
      secondary_button_url: SIGN_IN,
    },
  },
  reward_points: {
    visible: true,
    member: {
      title: 'Points',
      body: 'Earn more points and spend them on rewards.',
      primary_button_label: 'Ways to earn',
      secondary_button_label: 'Ways to redeem',
    },
    visitor: { title: 'Points', body: 'Earn points for purchases and more. Join to start collecting.', primary_button_label: 'Ways to earn' },
  },
  referral_program: {
    visible: true,
    member: { title: 'Referrals', body: 'Give a $5 off coupon, get a 5% off coupon.', primary_button_label: 'Refer a friend' },
    visitor: {
      title: 'Referrals',
      body: 'Members give a $5 off coupon and get a 5% off coupon.',
      primary_button_label: 'Join now',
      primary_button_url: SIGN_UP,
    },
  },
  referral_details: {
    visible: true,
    member: {
      title: 'Your referral link',
      body: 'Share your link: your friend gets a $5 off coupon, you get a 5% off coupon.',
      primary_button_label: 'Copy link',
    },
  },
  referral_send_email: {
    visible: true,
    member: {
      title: 'Invite by e-mail',
      body: 'We will send your friend their $5 off coupon.',
      primary_button_label: 'Send invite',
      input_placeholder: 'Friend’s e-mail address',
    },
  },
  referral_complete: {
    visible: true,
    member: { title: 'Invite sent', body: 'You get a 5% off coupon when your friend places their first order.', primary_button_label: 'Done' },
  },
  redeem_cart: {
    visible: true,
    member: { title: 'Use your points', body: 'You have {loyalty_points_balance} {points_label} to spend on this order.', primary_button_label: 'Redeem' },
  },
  reward_cart: {
    visible: true,
    member: { title: 'Your rewards', body: 'Apply a reward to this order.', primary_button_label: 'Apply' },
  },
  first_time_visitor: {
    visible: true,
    visitor: {
      title: 'New here?',
      body: 'Join our rewards program and get 50 points to start.',
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
      title: 'Share points',
      body: 'Send some of your points to a friend.',
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
    member: { title: 'Anniversary reward', body: 'Celebrate the day you joined with bonus points.', primary_button_label: 'Got it' },
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

/** "Demo Coffee Roasters": the points are called beans, every panel shown. */
export const DEMO_WIDGET: Widget = {
  ...DEFAULT_WIDGET,
  selected_widget_type: 'floating',
  text_color: '#ffffff',
  background_color: '#6b3f1d',
  panels: {
    ...DEFAULT_PANELS,
    header: {
      visible: true,
      member: { title: 'Hi {first_name}', body: 'You have {loyalty_points_balance} beans' },
      visitor: { title: 'The Bean Club', body: 'Earn beans on every bag and trade them for free coffee.' },
    },
    first_time_visitor: {
      visible: true,
      visitor: {
        title: 'First time here?',
        body: 'Join the Bean Club and get 50 welcome beans.',
        primary_button_label: 'Join the club',
        primary_button_url: SIGN_UP,
      },
    },
    share_points: { ...DEFAULT_PANELS.share_points, visible: true },
    birthday: {
      visible: true,
      member: {
        title: 'A birthday brew',
        body: 'Add your birthday and we will send 100 beans every year.',
        primary_button_label: 'Save birthday',
        input_placeholder: 'MM/DD',
      },
    },
  },
};
