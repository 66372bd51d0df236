import { z } from 'zod';
import { POINTS_LIMITS } from '../../domain/schemas/points-limits.ts';
import { brandColourField } from '../../domain/schemas/brand-colour.ts';
import { EXPIRY_REMINDER_DEFAULTS, EXPIRY_REMINDER_MAX_DAYS } from '../../domain/schemas/expiry-reminders.ts';
import { idField, urlField } from '../../domain/schemas/fields.ts';
import { isTimeZone } from '../../domain/schemas/reward-dates.ts';
import { languageTagSchema } from '../../../renderers/contract/languages.ts';

export { EXPIRY_REMINDER_DEFAULTS };

const reminderDays = (which: string) =>
  z
    .number({ error: `Enter the days before expiry of the ${which} reminder.` })
    .int(`The ${which} reminder's days are a whole number.`)
    .min(1, `The ${which} reminder goes out at least 1 day before.`)
    .max(EXPIRY_REMINDER_MAX_DAYS, `The ${which} reminder goes out at most ${EXPIRY_REMINDER_MAX_DAYS} days before.`);

const EARLY_AFTER_FINAL = 'The early reminder goes out before the final one: give it more days.';

/** The two points-expiry reminders: early > final ≥ 1 days before the points expire. */
export const expiryReminderBody = z
  .strictObject({ early_expiry_days: reminderDays('early'), final_expiry_days: reminderDays('final') })
  .refine((days) => days.early_expiry_days > days.final_expiry_days, { message: EARLY_AFTER_FINAL, path: ['early_expiry_days'] });
export type ExpiryReminderBody = z.infer<typeof expiryReminderBody>;

/** The error of reminder days out of order (the server checks a lone change against the stored other day). */
export const reminderOrderError = (early: number, final: number): string | null => (early > final ? null : EARLY_AFTER_FINAL);

/** Store list item (spec §3). */
export const storeListItem = z.object({
  store_id: z.number(),
  store_title: z.string(),
  store_name: z.string(),
  access_token: z.string(),
});
export type StoreListItem = z.infer<typeof storeListItem>;

/** POST /store/store-token/update: switch to one of the user's stores. */
export const storeTokenUpdateBody = z.union([z.strictObject({ store_id: idField }), z.strictObject({ access_token: z.string().min(1).max(200) })]);

export { brandColourField };

/** The largest share of new customers (in %) a store can keep out of the program as its holdout group. */
export const HOLDOUT_MAX_PERCENT = 20;

/** POST /store/setting/update: the store settings (every field optional). */
export const storeSettingsBody = z.strictObject({
  title: z.string().trim().min(1, 'Enter a store title.').max(120).optional(),
  website: z.union([urlField, z.literal('')]).optional(),
  email_settings: z
    .strictObject({
      unlayer: z.boolean().optional(),
      /** points-expiry reminders: days before the points expire (early > final ≥ 1) */
      early_expiry_days: reminderDays('early').optional(),
      final_expiry_days: reminderDays('final').optional(),
    })
    .refine((days) => days.early_expiry_days === undefined || days.final_expiry_days === undefined || days.early_expiry_days > days.final_expiry_days, {
      message: EARLY_AFTER_FINAL,
      path: ['early_expiry_days'],
    })
    .optional(),
  /** program basics (onboarding): the program's name and the word used for points */
  program_name: z.string().trim().min(1, 'Enter a program name.').max(60).optional(),
  points_label: z.string().trim().min(1, 'Enter a points label.').max(30).optional(),
  /** the label for one point ("bean" for "beans"); derived from `points_label` when not saved */
  points_label_singular: z.string().trim().min(1, 'Enter the label for one point.').max(30).optional(),
  /** the store's brand colour: its new surfaces (landing page, widget, launcher, sticky bar) and emails start from it */
  primary_color: brandColourField.optional(),
  /** the largest points adjustment staff may make at once (owners and admins are not capped) */
  staff_adjustment_cap: z.number().int().min(0).max(POINTS_LIMITS.adjustment).optional(),
  /** holdout group: this share (0–20 %) of NEW customers is kept out of the program to measure its lift */
  /** the store's IANA time zone: the calendar day of birthday and anniversary rewards (spec §5); UTC when unset */
  time_zone: z.string().max(64).refine(isTimeZone, 'Choose a time zone such as Europe/Paris or America/New_York.').optional(),
  /** the language of the texts as written (BCP 47); shoppers whose language has no translation read it */
  default_language: languageTagSchema.optional(),
  /** the store's other languages (BCP 47): its texts can be translated into each */
  languages: z.array(languageTagSchema).max(30, 'Keep to 30 languages or fewer.').optional(),
  holdout_percent: z
    .number({ error: `Enter a percentage from 0 to ${HOLDOUT_MAX_PERCENT}.` })
    .int('Enter a whole percentage.')
    .min(0, 'At least 0 %.')
    .max(HOLDOUT_MAX_PERCENT, `At most ${HOLDOUT_MAX_PERCENT} % of new customers can be held out.`)
    .optional(),
});
export type StoreSettingsBody = z.infer<typeof storeSettingsBody>;

export const CHANNEL_TYPES = ['online_store', 'pos', 'mobile_app', 'social', 'marketplace', 'other'] as const;
export const channelCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'Enter a channel name.').max(80),
  type: z.enum(CHANNEL_TYPES),
  url: z.union([urlField, z.literal('')]).optional(),
});
export const channelRemoveBody = z.strictObject({ id: idField });
export const channelRecord = z.object({ id: z.number(), name: z.string(), type: z.string(), url: z.string().nullable(), created_at: z.string() });
