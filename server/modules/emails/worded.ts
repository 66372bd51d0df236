/**
 * Placeholder values an event knows as figures (points, a balance, what a referral gives, how many
 * referrals, a day): the outbox keeps the figures, and the email words them in its recipient's
 * language when it is sent, through the renderers' wording of the shopper surfaces ("1,234",
 * "1 234", "1.234"; "$5 off coupon", "coupon de 5 $US de réduction"). Text queued before the
 * figures were kept is sent as it is.
 */
import type { ReferralOffer } from '../../../renderers/context.ts';
import { formatPoints, referralOfferText, type ProgramWording } from '../../../renderers/format/index.ts';

/** A placeholder's value: text as it is, a referral's offer to word, a count or a calendar day (`yyyy-mm-dd`) to write in the email's language. */
export type EmailValue = string | { offer: ReferralOffer } | { count: number } | { day: string };
export type EmailData = Record<string, EmailValue>;

/** A count of points (or referrals) kept as a figure, worded when the email is sent. */
export const countValue = (value: number | string | null | undefined): { count: number } => ({ count: Number(value ?? 0) || 0 });

/** The count a value holds: a figure, or text an email printed ("1,250"), read back; 0 for anything else. */
export function countIn(value: EmailValue | undefined): number {
  if (typeof value === 'string') return Number(value.replace(/[^0-9-]/g, '')) || 0;
  return value && 'count' in value ? value.count : 0;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day as the language writes it in full ("December 31, 2026", "31 décembre 2026", "31. Dezember 2026"). */
function dayText(day: string, locale: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  let format = dayFormats.get(locale);
  if (!format) {
    const options = { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const;
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    dayFormats.set(locale, format);
  }
  return format.format(time);
}

/** One value as text: a count with the language's digits and grouping (`1,234`, `1 234`, `١٬٢٣٤`), a day in its words, an offer in its words. */
function wordValue(value: EmailValue, wording: ProgramWording): string {
  if (typeof value === 'string') return value;
  if ('count' in value) return formatPoints(value.count, wording.locale);
  if ('day' in value) return dayText(value.day, wording.locale);
  return referralOfferText(value.offer, wording);
}

/** The email's placeholder values as text, the figures worded in `wording`'s language and the store's words. */
export function wordValues(data: EmailData, wording: ProgramWording): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, wordValue(value, wording)]));
}
