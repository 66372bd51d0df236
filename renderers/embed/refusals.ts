/**
 * What the shopper reads when the storefront API refuses an action: the refusal's machine code
 * (`code` of the error answer) in the shopper's language. The server's own `message` is English
 * for the merchant's logs and is never shown; a code without words of its own reads as the
 * catalog's "That did not work. Please try again." (or the action's own failure notice).
 */
import { t, type MessageKey, type Wording } from '../i18n/catalog.ts';

/** A failed call whose answer could not be read: the service was not reached. */
export const UNREACHABLE = 'unreachable';

const REFUSALS: Readonly<Record<string, MessageKey>> = {
  [UNREACHABLE]: 'notice.unreachable',
  not_enough_points: 'refusal.notEnoughPoints',
  tier_exclusive: 'refusal.tierExclusive',
  not_found: 'refusal.unavailable',
  rule_inactive: 'refusal.unavailable',
  limit_reached: 'refusal.limitReached',
  points_limit: 'refusal.pointsLimit',
  invalid_points: 'refusal.invalidPoints',
  holdout: 'refusal.outOfProgram',
  excluded: 'refusal.outOfProgram',
  friend_coupon_taken: 'refusal.couponTaken',
  own_email: 'refusal.ownEmail',
  referrals_closed: 'refusal.referralsClosed',
  too_many_requests: 'refusal.tooMany',
  validation_failed: 'refusal.invalid',
  bad_request: 'refusal.invalid',
  invalid_digest: 'refusal.signInAgain',
  invalid_customer_token: 'refusal.signInAgain',
};

/** The notice for a refusal with `code`, in the context's language; `fallback` for a code without words of its own. */
export function refusalNotice(words: Wording, code: string | undefined, fallback: MessageKey = 'notice.failed'): string {
  return t(words, code !== undefined && Object.hasOwn(REFUSALS, code) ? REFUSALS[code]! : fallback);
}
