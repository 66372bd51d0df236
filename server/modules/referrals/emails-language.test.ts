/**
 * The referral emails word their offer in the email's language: the invitation a member sends a
 * friend (in the store's default language: the friend is no member yet) and the "Referral
 * Completed" email to the referrer (in the referrer's language), from the catalogues as the
 * storefront words it, never the English the console reads.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { referralOfferText } from '../../../renderers/format/index.ts';
import { catalogFor } from '../../../renderers/i18n/index.ts';
import { deliverDue, type RenderedEmail } from '../emails/index.ts';
import { applyOrderEvents } from '../orders/index.ts';
import { DEFAULT_REFERRAL_SETTINGS } from './contract.ts';
import { claimFriendCoupon, recordVisit, referralCode, saveReferralSettings, sendInvite } from './service.ts';

describeEachDatabase('referral emails in the recipient’s language', (ctx) => {
  const store = () => ctx.fixture.storeA.id;
  const sent: (RenderedEmail & { to: string })[] = [];
  const mailer = { send: async (email: RenderedEmail & { to: string }) => void sent.push(email), close: () => {} };
  const wording = (locale: string) => ({ locale, messages: catalogFor(locale), program: { pointsLabel: 'points', currency: 'USD' } });
  const deliveredTo = async (address: string) => {
    sent.length = 0;
    await deliverDue(ctx.db, mailer, 'http://localhost', ctx.clock.now());
    const email = sent.find((mail) => mail.to === address);
    expect(email, `the email to ${address}`).toBeDefined();
    return email!;
  };

  it('words the friend’s offer in the store’s default language and the referrer’s reward in the referrer’s', async () => {
    // a French store that also writes in Arabic; a referrer whose storefront speaks Arabic
    const settings = { currency: 'USD', default_language: 'fr', languages: ['ar'] };
    await ctx.db
      .updateTable('stores')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', store())
      .execute();
    const friendOffer = { type: 'fixed_amount', value: 500 } as const;
    const referrerReward = { type: 'percentage', value: 10 } as const;
    await saveReferralSettings(
      ctx.db,
      store(),
      { ...DEFAULT_REFERRAL_SETTINGS, friend_reward: friendOffer, referrer_reward: referrerReward, pending_days: 0 },
      ctx.clock.now(),
    );
    const referrer = await ctx.db
      .insertInto('customers')
      .values({ store_id: store(), email: 'rania@shop.test', first_name: 'Rania', last_name: 'Haddad', locale: 'ar' })
      .returning('id')
      .executeTakeFirstOrThrow();

    // the invitation to a friend: French, the store's default
    await sendInvite(ctx.db, store(), referrer.id, 'ami@mail.test', ctx.clock.now());
    const invitation = await deliveredTo('ami@mail.test');
    const french = referralOfferText({ kind: 'amount_off', amountMinor: 500 }, wording('fr'));
    expect(french).toMatch(/^coupon de 5\s\$US de réduction$/);
    expect(invitation.html).toContain(french);
    expect(invitation.text).toContain(french);
    expect(invitation.html).not.toContain('off coupon');

    // the friend takes the coupon and orders: the referrer's "Referral Completed" email is Arabic
    const code = await referralCode(ctx.db, store(), referrer.id, ctx.clock.now());
    const visit = await recordVisit(ctx.db, store(), { code, ip: '10.9.8.7', device: null }, ctx.clock.now());
    const claim = await claimFriendCoupon(ctx.db, store(), { visitor: visit.visitor, email: 'ami@mail.test', ip: '10.9.8.7', device: null }, ctx.clock.now());
    expect(claim.ok).toBe(true);
    await applyOrderEvents(
      ctx.db,
      store(),
      [{ platform: 'custom', orderExternalId: 'REF-LANG-1', order: paidOrder('REF-LANG-1', 'ami@mail.test', 5000) }],
      ctx.clock.now(),
    );
    const completed = await deliveredTo('rania@shop.test');
    const arabic = referralOfferText({ kind: 'percent_off', percent: 10 }, wording('ar'));
    expect(arabic).toMatch(/^قسيمة /);
    expect(completed.html).toContain(arabic);
    expect(completed.html).toContain('lang="ar"');
    expect(completed.html).not.toContain('% off coupon');
  });
});
