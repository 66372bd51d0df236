/**
 * The points-expiry reminders' days, kept in a store's `settings.email_settings`: the store
 * settings validate them, the program emails send by them.
 */
/** Days before points expire that the two reminders go out, unless the store says otherwise. */
export const EXPIRY_REMINDER_DEFAULTS = { early_expiry_days: 30, final_expiry_days: 7 } as const;
/** The longest notice a store may choose. */
export const EXPIRY_REMINDER_MAX_DAYS = 365;

export interface ExpiryReminderDays {
  /** the "Early points expiry" email goes out this many days before; 0 = never */
  early: number;
  /** the "Final points expiry" email goes out this many days before; 0 = never */
  final: number;
}

const days = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= EXPIRY_REMINDER_MAX_DAYS ? value : fallback;

/** A store's reminder days, from `settings.email_settings` (early_expiry_days, final_expiry_days). */
export function expiryReminderDays(settings: Record<string, unknown>): ExpiryReminderDays {
  const email = (settings.email_settings ?? {}) as Record<string, unknown>;
  return {
    early: days(email.early_expiry_days, EXPIRY_REMINDER_DEFAULTS.early_expiry_days),
    final: days(email.final_expiry_days, EXPIRY_REMINDER_DEFAULTS.final_expiry_days),
  };
}
