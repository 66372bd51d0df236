import { z } from 'zod';
import { canonicalLocale } from '../../../../renderers/contract/languages.ts';
import { emailField, idField } from '../../../domain/schemas/fields.ts';

/** A shopper's language: a BCP 47 tag (`fr`, `pt-BR`, `ar-EG`), canonicalised. */
export const localeField = z
  .string()
  .trim()
  .max(35)
  .transform((tag, ctx) => {
    const canonical = canonicalLocale(tag.replace(/_/g, '-'));
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: 'The language is not a BCP 47 tag (e.g. en, fr, pt-BR).' });
      return z.NEVER;
    }
    return canonical;
  });

/** Every shopper call is signed: the platform's customer id and hex HMAC-SHA256 of it with the store's secret. */
const shopperSignature = {
  customer_id: z.string().trim().min(1).max(100),
  digest: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, 'The digest is 64 hex characters.'),
};
export const shopperQuery = z.strictObject(shopperSignature);
/**
 * The embed's bootstrap: a visitor, a shopper signed by customer id and digest, or (BigCommerce)
 * by the platform's current customer JWT, answered with the signature for the next calls.
 */
export const optionalShopperQuery = z.strictObject({
  customer_id: shopperSignature.customer_id.optional(),
  digest: shopperSignature.digest.optional(),
  customer_jwt: z.string().trim().min(1).max(4000).optional(),
});
/**
 * The bootstrap's query: the optional shopper, a preview link's token (`ls_preview`) to get the
 * store's drafts, the shopper's language (the page's, else the browser's) and the anonymous id.
 */
export const bootstrapQuery = optionalShopperQuery.extend({
  preview: z.string().min(1).max(200).optional(),
  locale: localeField.optional(),
  /** the browser's anonymous first-party id (kept by the embed): a running experiment assigns it a variant; one not of the form (8–64 of A–Z a–z 0–9 - _) is ignored */
  aid: z.string().max(200).optional(),
});
export const storeKeyParams = z.strictObject({ storeKey: z.string().min(1).max(100) });

/** POST /storefront/v1/{store key}/redeem (send an Idempotency-Key header: a retry gets the first answer). */
export const shopperRedeemBody = z.strictObject({ ...shopperSignature, redeem_id: idField, points: z.number().int().min(1).max(10_000_000).optional() });

/** POST /storefront/v1/{store key}/actions: claim a social follow or share, the newsletter or sign-up reward, or set a birthday. */
export const shopperActionBody = z.discriminatedUnion('action', [
  z.strictObject({ ...shopperSignature, action: z.enum(['social_follow', 'social_share']), network: z.string().min(1).max(40) }),
  z.strictObject({ ...shopperSignature, action: z.literal('birthday'), birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.') }),
  // custom events and reviews are never claimed by shoppers: the store's systems report them (POST /api/v1/points/event)
  z.strictObject({ ...shopperSignature, action: z.enum(['newsletter', 'signup']) }),
]);

/** POST /storefront/v1/{store key}/referral/invite: the member e-mails their referral link to a friend. */
export const shopperReferralInviteBody = z.strictObject({ ...shopperSignature, email: emailField });
