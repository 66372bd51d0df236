/**
 * Widget settings (spec §2, §3): the widget's type, program type, theme, colours and its 14
 * panels. A panel shown to both audiences has member and visitor texts; the others only the
 * audience that sees them.
 */
import { z } from 'zod';
import type { Audience } from './primitives.ts';
import { TEXT_LIMITS, colourSchema, oneOf, schemaVersionSchema, switchSchema, text, urlSchema } from './primitives.ts';
import { themeNameSchema } from './theme.ts';
import { translationsSchema } from './translations.ts';

export const WIDGET_TYPES = ['floating', 'sidebar', 'embedded'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const PROGRAM_TYPES = ['points', 'referrals', 'points_and_referrals'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

export const PANEL_KEYS = [
  'header',
  'signup',
  'reward_points',
  'referral_program',
  'referral_details',
  'referral_send_email',
  'referral_complete',
  'redeem_cart',
  'reward_cart',
  'first_time_visitor',
  'vip',
  'share_points',
  'birthday',
  'anniversary',
] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

export const PANEL_LABELS = {
  header: 'Header',
  signup: 'Sign up',
  reward_points: 'Reward points',
  referral_program: 'Referral program',
  referral_details: 'Referral details',
  referral_send_email: 'Referral send by email',
  referral_complete: 'Referral complete',
  redeem_cart: 'Redeem cart',
  reward_cart: 'Reward cart',
  first_time_visitor: 'First-time visitor',
  vip: 'VIP',
  share_points: 'Share points',
  birthday: 'Birthday',
  anniversary: 'Anniversary',
} as const satisfies Record<PanelKey, string>;

/** Who sees each panel: logged-in members, logged-out visitors, or both. */
export const PANEL_AUDIENCES = {
  header: ['member', 'visitor'],
  signup: ['visitor'],
  reward_points: ['member', 'visitor'],
  referral_program: ['member', 'visitor'],
  referral_details: ['member'],
  referral_send_email: ['member'],
  referral_complete: ['member'],
  redeem_cart: ['member'],
  reward_cart: ['member'],
  first_time_visitor: ['visitor'],
  vip: ['member', 'visitor'],
  share_points: ['member'],
  birthday: ['member'],
  anniversary: ['member'],
} as const satisfies Record<PanelKey, readonly Audience[]>;

/** The texts of a panel for one audience. Placeholders such as {first_name} may appear. */
export const panelTextsSchema = z.strictObject({
  title: text(TEXT_LIMITS.title),
  body: text(TEXT_LIMITS.body),
  primary_button_label: text(TEXT_LIMITS.label).optional(),
  primary_button_url: urlSchema.optional(),
  secondary_button_label: text(TEXT_LIMITS.label).optional(),
  secondary_button_url: urlSchema.optional(),
  /** placeholder of the panel's input (e-mail address, birthday…) */
  input_placeholder: text(TEXT_LIMITS.label).optional(),
});
export type PanelTexts = z.infer<typeof panelTextsSchema>;

const bothPanel = z.strictObject({ visible: switchSchema, member: panelTextsSchema, visitor: panelTextsSchema });
const memberPanel = z.strictObject({ visible: switchSchema, member: panelTextsSchema });
const visitorPanel = z.strictObject({ visible: switchSchema, visitor: panelTextsSchema });

export const panelsSchema = z.strictObject({
  header: bothPanel,
  signup: visitorPanel,
  reward_points: bothPanel,
  referral_program: bothPanel,
  referral_details: memberPanel,
  referral_send_email: memberPanel,
  referral_complete: memberPanel,
  redeem_cart: memberPanel,
  reward_cart: memberPanel,
  first_time_visitor: visitorPanel,
  vip: bothPanel,
  share_points: memberPanel,
  birthday: memberPanel,
  anniversary: memberPanel,
} satisfies Record<PanelKey, z.ZodType>);
export type Panels = z.infer<typeof panelsSchema>;
export type Panel = Panels[PanelKey];

export const widgetSchema = z.strictObject({
  kind: z.literal('widget', { error: 'Expected kind "widget"' }),
  schemaVersion: schemaVersionSchema,
  widget_type: oneOf(WIDGET_TYPES),
  program_type: oneOf(PROGRAM_TYPES),
  /** the type chosen in the builder; null until the merchant picks one (spec §4) */
  selected_widget_type: oneOf(WIDGET_TYPES).nullable(),
  theme_type: themeNameSchema,
  text_color: colourSchema,
  background_color: colourSchema,
  panels: panelsSchema,
  /** the texts in the store's other languages (see translations.ts) */
  translations: translationsSchema,
});
export type Widget = z.infer<typeof widgetSchema>;
