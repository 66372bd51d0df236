/**
 * Placeholder values an event knows as figures (what a referral gives, how many referrals): the outbox keeps the
 * figures, and the email words them in its recipient's language when it is sent, through the
 * renderers' wording of the shopper surfaces ("$5 off coupon", "coupon de 5 $US de réduction").
 */
import type { ReferralOffer } from '../../../renderers/context.ts';
import { formatPoints, referralOfferText, type ProgramWording } from '../../../renderers/format/index.ts';

/** A placeholder's value: text as it is, a referral's offer to word or a count to write in the email's language. */
export type EmailValue = string | { offer: ReferralOffer } | { count: number };
export type EmailData = Record<string, EmailValue>;

/** One value as text: a count with the language's digits and grouping (`1,234`, `1 234`, `١٬٢٣٤`), an offer in its words. */
function wordValue(value: EmailValue, wording: ProgramWording): string {
  if (typeof value === 'string') return value;
  if ('count' in value) return formatPoints(value.count, wording.locale);
  return referralOfferText(value.offer, wording);
}

/** The email's placeholder values as text, the figures worded in `wording`'s language and the store's words. */
export function wordValues(data: EmailData, wording: ProgramWording): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, wordValue(value, wording)]));
}
