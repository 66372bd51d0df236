import { DEFAULT_EMAIL_DOCUMENT } from '../../../presets/index.ts';
import { newEmailBlock, type EmailBlock, type EmailBlockType, type EmailDocument } from '../../../renderers/contract/index.ts';
import type { EmailKey } from './contract/kinds.ts';

/** The simple form's texts that come in other languages (the button's link is the same in every language). */
export const TRANSLATED_EMAIL_FIELDS = ['subject', 'preheader', 'heading', 'body', 'button_label'] as const;
export type TranslatedEmailField = (typeof TRANSLATED_EMAIL_FIELDS)[number];
/** language (BCP 47) → that language's texts; a text left out is sent in the default language */
export type EmailFieldTranslations = Record<string, Partial<Record<TranslatedEmailField, string>>>;

/** The simple-form fields of an email design; the fields themselves are in the store's default language. */
export interface EmailFields {
  subject: string;
  preheader: string;
  heading: string;
  body: string;
  button_label: string;
  button_url: string;
  translations?: EmailFieldTranslations;
}

const shop = '{{store_name}}';

/** Starter content of each email: reads well before anyone edits it. */
export const STARTERS: Record<EmailKey, EmailFields> = {
  'referral-received': {
    subject: '{{referrer_name}} sent you a gift from ' + shop,
    preheader: 'Your friend thinks you will love ' + shop + '.',
    heading: 'A gift from {{referrer_name}}',
    body: 'Hi {{first_name}},\n\n{{referrer_name}} loves shopping at ' + shop + ' and wants you to enjoy {{referral_reward}} on your first order.',
    button_label: 'Claim your gift',
    button_url: '{{referral_link}}',
  },
  'referral-completed': {
    subject: 'Your friend just shopped: here is your reward',
    preheader: 'Thanks for spreading the word about ' + shop + '.',
    heading: 'Thank you for the referral!',
    body: 'Hi {{first_name}},\n\nYour friend placed their first order, so you earned {{referral_reward}}. Use code {{reward_code}} at checkout.\n\nReferrals so far: {{referrals_earned}}.',
    button_label: 'Shop now',
    button_url: '',
  },
  'points-earned': {
    subject: 'You earned {{points_earned}} {{points_label}}',
    preheader: 'Your balance is now {{loyalty_points_balance}} {{points_label}}.',
    heading: 'You earned {{points_earned}} {{points_label}}!',
    body: 'Hi {{first_name}},\n\nThanks for order {{order_number}}. You now have {{loyalty_points_balance}} {{points_label}} to spend on rewards.',
    button_label: 'See my rewards',
    button_url: '',
  },
  'reward-redeemed': {
    subject: 'Your reward is ready: {{reward_name}}',
    preheader: 'Use code {{reward_code}} at checkout.',
    heading: 'Enjoy your {{reward_name}}',
    body: 'Hi {{first_name}},\n\nYou spent {{points_spent}} {{points_label}}. Your code is {{reward_code}}. You still have {{loyalty_points_balance}} {{points_label}}.',
    button_label: 'Use my reward',
    button_url: '',
  },
  birthday: {
    subject: 'Happy birthday, {{first_name}}!',
    preheader: 'A little gift from ' + shop + '.',
    heading: 'Happy birthday!',
    body: 'Hi {{first_name}},\n\nTo celebrate, we added {{points_earned}} {{points_label}} to your account. Your balance is {{loyalty_points_balance}} {{points_label}}.',
    button_label: 'Treat yourself',
    button_url: '',
  },
  anniversary: {
    subject: 'Happy anniversary with ' + shop,
    preheader: 'Thank you for being a member since {{member_since}}.',
    heading: 'Another year together',
    body: 'Hi {{first_name}},\n\nYou have been a member since {{member_since}}. To say thanks, here are {{points_earned}} {{points_label}}.',
    button_label: 'See my rewards',
    button_url: '',
  },
  'loyalty-tier-update': {
    subject: 'Welcome to {{tier_name}}',
    preheader: 'Your membership level has changed.',
    heading: 'You are now {{tier_name}}',
    body: 'Hi {{first_name}},\n\nYour membership moved from {{previous_tier_name}} to {{tier_name}}. Discover the perks waiting for you.',
    button_label: 'See my perks',
    button_url: '',
  },
  'early-points-expiry': {
    subject: 'Your {{points_label}} expire on {{expiry_date}}',
    preheader: 'Use them before they are gone.',
    heading: '{{expiring_points}} {{points_label}} expire soon',
    body: 'Hi {{first_name}},\n\n{{expiring_points}} of your {{loyalty_points_balance}} {{points_label}} expire on {{expiry_date}}. There is still time to treat yourself.',
    button_label: 'Use my {{points_label}}',
    button_url: '',
  },
  'final-points-expiry': {
    subject: 'Last chance: {{expiring_points}} {{points_label}} expire {{expiry_date}}',
    preheader: 'This is your final reminder.',
    heading: 'Last chance to use your {{points_label}}',
    body: 'Hi {{first_name}},\n\n{{expiring_points}} {{points_label}} expire on {{expiry_date}}. Redeem them now so they do not go to waste.',
    button_label: 'Redeem now',
    button_url: '',
  },
};

/** Featured designs (GET /platform/template): each email's starter in a few looks. */
export const FEATURED_STYLES = [
  { id: 'classic', name: 'Classic', accent: '#4f46e5', background: '#f4f4f7' },
  { id: 'bold', name: 'Bold', accent: '#111827', background: '#fef3c7' },
  { id: 'fresh', name: 'Fresh', accent: '#047857', background: '#ecfdf5' },
] as const;

/** The block each email adds to the built-in editor's starter, showing what the email is about. */
const FEATURE_BLOCK: Partial<Record<EmailKey, EmailBlockType>> = {
  'referral-received': 'referral_link',
  'referral-completed': 'reward_code',
  'points-earned': 'points_balance',
  'reward-redeemed': 'reward_code',
  birthday: 'points_balance',
  anniversary: 'points_balance',
  'loyalty-tier-update': 'tier_progress',
  'early-points-expiry': 'points_balance',
  'final-points-expiry': 'points_balance',
};

/**
 * The built-in editor's starting document of an email: its wording (`fields`, the starter's or the
 * store's own) laid out as blocks in the store's accent colour, ending with the footer and its
 * unsubscribe link.
 */
export function starterDocument(key: EmailKey, fields: EmailFields, accent: string = DEFAULT_EMAIL_DOCUMENT.style.accent): EmailDocument {
  const feature = FEATURE_BLOCK[key];
  const blocks: EmailBlock[] = [
    newEmailBlock('logo', 'logo'),
    { ...newEmailBlock('heading', 'heading'), text: fields.heading },
    { ...newEmailBlock('text', 'text'), text: fields.body },
    ...(feature ? [newEmailBlock(feature, feature.replaceAll('_', '-')) as EmailBlock] : []),
    ...(fields.button_label.trim() && feature !== 'referral_link'
      ? [{ ...newEmailBlock('button', 'button'), label: fields.button_label, url: fields.button_url }]
      : []),
    newEmailBlock('divider', 'divider'),
    newEmailBlock('footer', 'footer'),
  ];
  return { ...DEFAULT_EMAIL_DOCUMENT, subject: fields.subject, preheader: fields.preheader, style: { ...DEFAULT_EMAIL_DOCUMENT.style, accent }, blocks };
}
