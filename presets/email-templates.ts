/**
 * Starter e-mail templates, one per e-mail of spec §2 (Referral Sent … Final points expiry):
 * exported HTML in `content` and a matching editor design (Unlayer's JSON shape) in
 * `json_content`. Both are generated from one small table so the two never disagree.
 */
import { CURRENT_SCHEMA_VERSION, newEmailBlock, type EmailDocument, type EmailTemplate } from '../renderers/contract/index.ts';
import { DEFAULT_PALETTE, ON_PRIMARY, STORE_LINKS } from './defaults.ts';

const EMAIL_TYPES = [
  'referral-received',
  'referral-completed',
  'points-earned',
  'reward-redeemed',
  'birthday',
  'anniversary',
  'loyalty-tier-update',
  'early-points-expiry',
  'final-points-expiry',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

interface StarterCopy {
  name: string;
  subject: string;
  heading: string;
  body: string;
  button: string;
}

/** Names as in the spec's Emails navigation; placeholders are the emails' merge tags (`{{name}}`, server/modules/emails/contract/kinds.ts). */
const COPY: Record<EmailType, StarterCopy> = {
  'referral-received': {
    name: 'Referral Sent',
    subject: '{{first_name}}, {{referrer_name}} sent you a gift',
    heading: 'A gift from a friend',
    body: 'Your friend thinks you will love our store. Here is {{referral_reward}} for your first order.',
    button: 'Claim my coupon',
  },
  'referral-completed': {
    name: 'Referral Completed',
    subject: 'Your referral paid off',
    heading: 'Thanks for spreading the word',
    body: 'Your friend placed their first order, so here is your reward: code {{reward_code}}. You have earned {{referrals_earned}} referral rewards so far.',
    button: 'Shop now',
  },
  'points-earned': {
    name: 'Points Earned',
    subject: 'You earned {{points_earned}} {{points_label}}',
    heading: 'More {{points_label}} for you',
    body: 'Hi {{first_name}}, you just earned {{points_earned}} {{points_label}}. Your balance is {{loyalty_points_balance}} {{points_label}}.',
    button: 'See my rewards',
  },
  'reward-redeemed': {
    name: 'Reward Redeemed',
    subject: 'Your reward is ready',
    heading: 'Enjoy your reward',
    body: 'Hi {{first_name}}, your {{reward_name}} is ready: use code {{reward_code}} on your next order. You have {{loyalty_points_balance}} {{points_label}} left.',
    button: 'Use it now',
  },
  birthday: {
    name: 'Birthday',
    subject: 'Happy birthday, {{first_name}}!',
    heading: 'Happy birthday!',
    body: 'To celebrate, we have added {{points_earned}} {{points_label}} to your account. Have a wonderful day, {{first_name}}.',
    button: 'Open my gift',
  },
  anniversary: {
    name: 'Anniversary',
    subject: 'Happy anniversary, {{first_name}}',
    heading: 'Another year together',
    body: 'Thank you for being a member. We have added {{points_earned}} bonus {{points_label}} to your account.',
    button: 'See my {{points_label}}',
  },
  'loyalty-tier-update': {
    name: 'Tier switch',
    subject: 'You have a new VIP tier',
    heading: 'Your tier has changed',
    body: 'Hi {{full_name}}, you are now in our {{tier_name}} tier. Take a look at the perks that come with it.',
    button: 'See my perks',
  },
  'early-points-expiry': {
    name: 'Early points expiry',
    subject: 'Your {{points_label}} expire soon',
    heading: 'Don’t lose your {{points_label}}',
    body: 'Hi {{first_name}}, {{expiring_points}} of your {{loyalty_points_balance}} {{points_label}} expire on {{expiry_date}}. Spend them before they go.',
    button: 'Redeem now',
  },
  'final-points-expiry': {
    name: 'Final points expiry',
    subject: 'Last chance to use your {{points_label}}',
    heading: 'Last chance',
    body: 'Hi {{first_name}}, {{expiring_points}} of your {{points_label}} expire on {{expiry_date}}. This is the final reminder.',
    button: 'Redeem now',
  },
};

const REWARDS_URL = STORE_LINKS.rewards;
const FONT = 'Arial, Helvetica, sans-serif';

function html(copy: StarterCopy): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${copy.subject}</title></head>`,
    `<body style="margin:0;padding:0;background:#f5f6f7;font-family:${FONT};color:${DEFAULT_PALETTE.text_color}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:32px 32px 8px"><h1 style="margin:0;font-size:24px">${copy.heading}</h1></td></tr>`,
    `<tr><td style="padding:8px 32px 24px;font-size:16px;line-height:1.5">${copy.body}</td></tr>`,
    `<tr><td style="padding:0 32px 32px"><a href="${REWARDS_URL}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${DEFAULT_PALETTE.primary_color};color:${ON_PRIMARY};text-decoration:none;font-weight:bold">${copy.button}</a></td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

function design(copy: StarterCopy): EmailTemplate['json_content'] {
  return {
    counters: { u_row: 1, u_column: 1, u_content_heading: 1, u_content_text: 1, u_content_button: 1 },
    body: {
      id: 'body',
      rows: [
        {
          id: 'row-1',
          cells: [1],
          columns: [
            {
              id: 'column-1',
              contents: [
                { id: 'heading-1', type: 'heading', values: { headingType: 'h1', fontSize: '24px', text: copy.heading } },
                { id: 'text-1', type: 'text', values: { fontSize: '16px', lineHeight: '150%', text: `<p>${copy.body}</p>` } },
                {
                  id: 'button-1',
                  type: 'button',
                  values: {
                    text: copy.button,
                    href: { name: 'web', values: { href: REWARDS_URL, target: '_blank' } },
                    buttonColors: { color: ON_PRIMARY, backgroundColor: DEFAULT_PALETTE.primary_color },
                  },
                },
              ],
              values: {},
            },
          ],
          values: { backgroundColor: '#ffffff' },
        },
      ],
      values: { backgroundColor: '#f5f6f7', contentWidth: '600px', fontFamily: { label: 'Arial', value: FONT }, textColor: DEFAULT_PALETTE.text_color },
    },
    schemaVersion: 16,
  };
}

export interface StarterEmailTemplate {
  type: EmailType;
  name: string;
  subject: string;
  template: EmailTemplate;
}

export const STARTER_EMAIL_TEMPLATES: readonly StarterEmailTemplate[] = EMAIL_TYPES.map((type) => {
  const copy = COPY[type];
  return {
    type,
    name: copy.name,
    subject: copy.subject,
    template: { kind: 'email_template', schemaVersion: CURRENT_SCHEMA_VERSION, content: html(copy), json_content: design(copy) },
  };
});

/** The blank starting point of a new template. */
export const DEFAULT_EMAIL_TEMPLATE: EmailTemplate = {
  kind: 'email_template',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  content: '',
  json_content: {},
};

/** A complete template for the demo store (the points e-mail). */
export const DEMO_EMAIL_TEMPLATE: EmailTemplate = STARTER_EMAIL_TEMPLATES.find((t) => t.type === 'points-earned')!.template;

/**
 * The built-in email editor's starting document (the server fills each email's own wording and
 * the store's palette in): header, heading, text, button, divider and the footer with unsubscribe.
 */
export const DEFAULT_EMAIL_DOCUMENT: EmailDocument = {
  kind: 'email_document',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  subject: 'News from {{store_name}}',
  preheader: '',
  style: { background: '#f4f4f7', content_background: '#ffffff', accent: DEFAULT_PALETTE.primary_color, text_color: '#1f2937' },
  blocks: [
    newEmailBlock('logo', 'logo'),
    newEmailBlock('heading', 'heading'),
    newEmailBlock('text', 'text'),
    newEmailBlock('button', 'button'),
    newEmailBlock('divider', 'divider'),
    newEmailBlock('footer', 'footer'),
  ],
};

/** The demo store's points email in the built-in editor. */
export const DEMO_EMAIL_DOCUMENT: EmailDocument = {
  ...DEFAULT_EMAIL_DOCUMENT,
  subject: 'You earned {{points_earned}} {{points_label}}',
  blocks: [
    newEmailBlock('logo', 'logo'),
    { ...newEmailBlock('heading', 'heading'), text: 'Thanks for your order, {{first_name}}!' },
    newEmailBlock('points_balance', 'balance'),
    newEmailBlock('button', 'button'),
    newEmailBlock('footer', 'footer'),
  ],
};
