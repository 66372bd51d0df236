/**
 * The figures of the program's emails (points earned, the balance, points expiring, the expiry
 * day) are kept as figures in the outbox and written as the member's language writes them when
 * the email is sent, with the storefront's formatter: a French member reads "1 234", a German one
 * "1.234". An email queued with its figures already written as text is sent as it is.
 */
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { emailsInLanguages } from '../../../tests/helpers/emails.ts';
import { formatPoints } from '../../../renderers/format/index.ts';
import { credit } from '../../domain/ledger/index.ts';
import { queueEmail, queueExpiryReminders, queuePointsEarnedEmails } from './service.ts';

const DAY = 86_400_000;

describeEachDatabase('email figures in the member’s language', (ctx) => {
  const store = () => ctx.fixture.storeA.id;
  const { deliveredTo, customer, storeWritesIn } = emailsInLanguages(
    () => ctx.db,
    store,
    () => ctx.clock.now(),
  );
  const member = (email: string, locale: string) => customer(email, locale, 'Camille');
  /** An order's points for the member (expiring at `expiresAt`), as the ledger writes them. */
  const earn = (customerId: number, sourceId: string, points: number, expiresAt?: Date) => {
    const order = { sourceType: 'order', sourceId, computation: 'test', metadata: { order_number: '#1042' } };
    return credit(ctx.db, { ...order, storeId: store(), customerId, type: 'order_earn', points, expiresAt }, ctx.clock.now());
  };

  beforeEach(async () => {
    // an English store that also writes in French and German
    await storeWritesIn({ currency: 'EUR', default_language: 'en', languages: ['fr', 'de'] });
  });

  it('tells a French member their points earned and balance as French writes numbers', async () => {
    expect(formatPoints(1234, 'fr')).toMatch(/^1\s234$/);
    expect(formatPoints(5678, 'fr')).toMatch(/^5\s678$/);
    const camille = await member('camille@shop.test', 'fr');
    await earn(camille, 'figures-fr-1', 4444);
    const { entry } = await earn(camille, 'figures-fr-2', 1234);
    await queuePointsEarnedEmails(ctx.db, [entry], ctx.clock.now());
    const email = await deliveredTo('camille@shop.test');
    expect(email.html).toContain('lang="fr"');
    expect(email.subject).toContain(`${formatPoints(1234, 'fr')} points`);
    expect(email.text).toContain(`You now have ${formatPoints(5678, 'fr')} points`);
    expect(`${email.subject}${email.text}${email.html}`).not.toMatch(/1,234|5,678/);
  });

  it('reminds a German member of their expiring points, the balance and the day as German writes them', async () => {
    expect(formatPoints(1234, 'de')).toBe('1.234');
    const lena = await member('lena@shop.test', 'de');
    const expiresAt = new Date(ctx.clock.now().getTime() + 10 * DAY);
    await earn(lena, 'figures-de-1', 1234, expiresAt);
    await earn(lena, 'figures-de-2', 20_000);
    // ten days before the points expire: the early reminder (the store keeps the default days)
    expect(await queueExpiryReminders(ctx.db, ctx.clock.now())).toBe(1);
    const email = await deliveredTo('lena@shop.test');
    const day = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(expiresAt);
    expect(day).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
    expect(email.html).toContain('lang="de"');
    expect(email.subject).toContain(day);
    // the product's word for points in German too
    expect(email.text).toContain(`1.234 of your 21.234 Punkte expire on ${day}.`);
  });

  it('sends an email queued with its figures as text as it was queued', async () => {
    const jonas = await member('jonas@shop.test', 'de');
    await earn(jonas, 'figures-text-1', 300);
    const data = { points_earned: '1,250', loyalty_points_balance: '9,999', order_number: '#7' };
    await queueEmail(
      ctx.db,
      { storeId: store(), customerId: jonas, key: 'points-earned', eventKey: 'figures-text:1', to: 'jonas@shop.test', data },
      ctx.clock.now(),
    );
    const email = await deliveredTo('jonas@shop.test');
    expect(email.subject).toBe('You earned 1,250 Punkte');
    expect(email.text).toContain('You now have 9,999 Punkte');
  });
});
