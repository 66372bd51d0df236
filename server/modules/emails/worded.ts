/**
 * Placeholder values an event knows as figures (what a referral gives): the outbox keeps the
 * figures, and the email words them in its recipient's language when it is sent, through the
 * renderers' wording of the shopper surfaces ("$5 off coupon", "coupon de 5 $US de réduction").
 */
import type { ReferralOffer } from '../../../renderers/context.ts';
import { referralOfferText, type ProgramWording } from '../../../renderers/format/index.ts';

/** A placeholder's value: text as it is, or a referral's offer to word in the email's language. */
export type EmailValue = string | { offer: ReferralOffer };
export type EmailData = Record<string, EmailValue>;

/** The email's placeholder values as text, the figures worded in `wording`'s language and the store's words. */
export function wordValues(data: EmailData, wording: ProgramWording): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, typeof value === 'string' ? value : referralOfferText(value.offer, wording)]));
}
