/**
 * The referral emails go out in their recipient's language: the invitation a member sends a
 * friend in the friend's own language when the store knows them, else in the inviting member's
 * (subject and preheader translated, the offer worded as the storefront words it), and the
 * "Referral Completed" email to the referrer in the referrer's, the number of referrals written
 * as that language writes numbers — never the English the console reads.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { emailsInLanguages } from '../../../tests/helpers/emails.ts';
import { paidOrder } from '../../../tests/helpers/orders.ts';
import { json } from '../../db/normalize.ts';
import { formatPoints, referralOfferText } from '../../../renderers/format/index.ts';
import { catalogFor } from '../../../renderers/i18n/index.ts';
import { STARTERS } from '../emails/index.ts';
import { applyOrderEvents } from '../orders/index.ts';
import { DEFAULT_REFERRAL_SETTINGS } from './contract.ts';
import { claimFriendCoupon, recordVisit, referralCode, saveReferralSettings, sendInvite } from './service.ts';

describeEachDatabase('referral emails in the recipient’s language', (ctx) => {
  const store = () => ctx.fixture.storeA.id;
  const { deliveredTo, customer, storeWritesIn } = emailsInLanguages(
    () => ctx.db,
    store,
    () => ctx.clock.now(),
  );
  const wording = (locale: string) => ({ locale, messages: catalogFor(locale), program: { pointsLabel: 'points', currency: 'USD' } });
  const friendOffer = { type: 'fixed_amount', value: 500 } as const;
  const referrerReward = { type: 'percentage', value: 10 } as const;
  beforeEach(async () => {
    // a French store that also writes in Arabic and German
    await storeWritesIn({ currency: 'USD', default_language: 'fr', languages: ['ar', 'de'] });
    await saveReferralSettings(
      ctx.db,
      store(),
      { ...DEFAULT_REFERRAL_SETTINGS, friend_reward: friendOffer, referrer_reward: referrerReward, pending_days: 0 },
      ctx.clock.now(),
    );
    // the invitation's subject and preheader translated into Arabic (German left untranslated)
    const translations = { ar: { subject: 'هدية من صديقك', preheader: 'صديقك يدعوك إلى المتجر' } };
    const fields = json({ ...STARTERS['referral-received'], translations });
    await ctx.db
      .insertInto('email_templates')
      .values({ store_id: store(), email_key: 'referral-received', editor: 'simple', fields })
      .onConflict((conflict) => conflict.columns(['store_id', 'email_key']).doUpdateSet({ fields, editor: 'simple' }))
      .execute();
  });

  it('invites a friend the store does not know in the inviting member’s language, subject and preheader translated', async () => {
    const rania = await customer('rania@shop.test', 'ar', 'Rania');
    await sendInvite(ctx.db, store(), rania, 'ami@mail.test', ctx.clock.now());
    const invitation = await deliveredTo('ami@mail.test');
    const arabic = referralOfferText({ kind: 'amount_off', amountMinor: 500 }, wording('ar'));
    expect(arabic).toMatch(/^قسيمة /);
    expect(invitation.subject).toBe('هدية من صديقك');
    expect(invitation.html).toContain('صديقك يدعوك إلى المتجر');
    expect(invitation.html).toContain('lang="ar"');
    expect(invitation.html).toContain(arabic);
    expect(invitation.text).toContain(arabic);
    expect(invitation.html).not.toContain('de réduction');
  });

  it('invites a friend the store knows in the friend’s own language, and one whose member has no language in the store’s default', async () => {
    const samira = await customer('samira@shop.test', 'ar', 'Samira');
    await customer('jonas@mail.test', 'de');
    await sendInvite(ctx.db, store(), samira, 'jonas@mail.test', ctx.clock.now());
    const german = await deliveredTo('jonas@mail.test');
    const offer = referralOfferText({ kind: 'amount_off', amountMinor: 500 }, wording('de'));
    expect(german.html).toContain('lang="de"');
    expect(german.html).toContain(offer);
    // no German subject: the default language's (French) one, not the Arabic of the member who invited
    expect(german.subject).toBe('Samira sent you a gift from Alpha Store');
    expect(german.html).not.toContain('صديقك');

    const silent = await customer('noah@shop.test', null, 'Noah');
    await sendInvite(ctx.db, store(), silent, 'lea@mail.test', ctx.clock.now());
    const french = await deliveredTo('lea@mail.test');
    const frenchOffer = referralOfferText({ kind: 'amount_off', amountMinor: 500 }, wording('fr'));
    expect(frenchOffer).toMatch(/^coupon de 5\s\$US de réduction$/);
    expect(french.html).toContain('lang="fr"');
    expect(french.html).toContain(frenchOffer);
  });

  it('tells the referrer of a completed referral their reward and how many referrals so far in their language', async () => {
    const lena = await customer('lena@shop.test', 'de', 'Lena');
    // Lena has brought 1,233 friends already: the next one is her 1,234th
    await ctx.db.updateTable('customers').set({ referral_count: 1233 }).where('id', '=', lena).execute();
    const code = await referralCode(ctx.db, store(), lena, ctx.clock.now());
    const visit = await recordVisit(ctx.db, store(), { code, ip: '10.9.8.7', device: null }, ctx.clock.now());
    const claim = await claimFriendCoupon(
      ctx.db,
      store(),
      { visitor: visit.visitor, email: 'freund@mail.test', ip: '10.9.8.7', device: null },
      ctx.clock.now(),
    );
    expect(claim.ok).toBe(true);
    await applyOrderEvents(
      ctx.db,
      store(),
      [{ platform: 'custom', orderExternalId: 'REF-LANG-1', order: paidOrder('REF-LANG-1', 'freund@mail.test', 5000) }],
      ctx.clock.now(),
    );
    const completed = await deliveredTo('lena@shop.test');
    const reward = referralOfferText({ kind: 'percent_off', percent: 10 }, wording('de'));
    expect(completed.html).toContain('lang="de"');
    expect(completed.html).toContain(reward);
    expect(formatPoints(1234, 'de')).toBe('1.234');
    expect(completed.text).toContain('Referrals so far: 1.234.');
    expect(completed.text).not.toContain('1,234');
    expect(completed.html).not.toContain('% off coupon');
  });
});
