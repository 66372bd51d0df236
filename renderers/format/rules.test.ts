import { describe, expect, it } from 'vitest';
import { EMPTY_PROGRAM, makeContext, type EarnWay, type ProgramData, type RedeemWay, type ReferralOffer, type RewardDiscount } from '../context.ts';
import { earnWayText, formatDiscount, formatEarnRate, formatMoney, redeemWayText, referralOfferText } from './index.ts';

const program = (overrides: Partial<ProgramData> = {}): ProgramData => ({ ...EMPTY_PROGRAM, currency: 'USD', ...overrides });
const ctx = (locale: string, overrides: Partial<ProgramData> = {}) => makeContext({ locale, program: program(overrides) });
/** The runtime's own way of writing a number, a percentage or an amount in `locale` (digits differ between ICU versions for `ar`). */
const number = (locale: string, value: number) => new Intl.NumberFormat(locale).format(value);
const percent = (locale: string, value: number) => new Intl.NumberFormat(locale, { style: 'percent' }).format(value / 100);
const money = (locale: string, minor: number) => formatMoney(minor, 'USD', locale);

describe('ways to earn in the shopper’s language', () => {
  it.each([
    ['en', { points: 1, perMinor: 100 }, '1 point per $1 spent'],
    ['en', { points: 2, perMinor: 1000 }, '2 points per $10 spent'],
    ['en', { points: 10 }, '10 points per order'],
    ['fr', { points: 1, perMinor: 100 }, `1 point pour ${money('fr', 100)} dépensé`],
    ['fr', { points: 5, perMinor: 250 }, `5 points pour ${money('fr', 250)} dépensé`],
    ['fr', { points: 10 }, '10 points par commande'],
    ['de', { points: 1250, perMinor: 100 }, `1.250 Punkte pro ${money('de', 100)} Einkaufswert`],
  ])('%s %j → %s', (locale, rate, expected) => {
    expect(formatEarnRate(rate, ctx(locale))).toBe(expected);
  });

  it('Arabic words the points of a rate in all six plural forms', () => {
    const per = money('ar', 100);
    const cases: [number, string][] = [
      [1, 'نقطة واحدة'],
      [2, 'نقطتان'],
      [3, `${number('ar', 3)} نقاط`],
      [11, `${number('ar', 11)} نقطة`],
      [100, `${number('ar', 100)} نقطة`],
    ];
    for (const [points, words] of cases) {
      expect(formatEarnRate({ points, perMinor: 100 }, ctx('ar'))).toBe(`${words} مقابل كل ${per} تنفقها`);
    }
    expect(formatEarnRate({ points: 2 }, ctx('ar'))).toBe('نقطتان لكل طلب');
    expect(formatEarnRate({ points: 0 }, ctx('ar'))).toBe(`${number('ar', 0)} نقطة لكل طلب`);
  });

  it('says the store’s own word for points in every language, and its currency', () => {
    const beans = { pointsLabel: 'beans', pointsLabelSingular: 'bean', currency: 'EUR' };
    expect(formatEarnRate({ points: 1, perMinor: 100 }, ctx('en', beans))).toBe('1 bean per €1 spent');
    expect(formatEarnRate({ points: 3, perMinor: 100 }, ctx('fr', beans))).toBe(`3 beans pour ${formatMoney(100, 'EUR', 'fr')} dépensé`);
  });

  it('a way’s line: its own text first, else its rate, else the points it gives', () => {
    const order: EarnWay = { id: '1', title: 'Place an order', rate: { points: 1, perMinor: 100 } };
    const signup: EarnWay = { id: '2', title: 'Sign up', points: 50 };
    expect(earnWayText(order, ctx('en'))).toBe('1 point per $1 spent');
    expect(earnWayText(signup, ctx('fr'))).toBe('50 points');
    expect(earnWayText(signup, ctx('ar'))).toBe(`${number('ar', 50)} نقطة`);
    expect(earnWayText({ ...order, description: 'Every cup counts' }, ctx('fr'))).toBe('Every cup counts');
    expect(earnWayText({ id: '3', title: 'Custom' }, ctx('en'))).toBe('');
  });
});

describe('ways to redeem in the shopper’s language', () => {
  const discounts: RewardDiscount[] = [
    { kind: 'amount_off', amountMinor: 500 },
    { kind: 'percent_off', percent: 10 },
    { kind: 'free_shipping' },
    { kind: 'free_product' },
    { kind: 'amount_per_points', amountMinor: 100, points: 100 },
  ];
  const worded = (locale: string) => discounts.map((discount) => formatDiscount(discount, ctx(locale)));

  it('English', () => {
    expect(worded('en')).toEqual(['$5 off', '10% off', 'Free shipping', 'Free product', '$1 off per 100 points']);
    expect(formatDiscount({ kind: 'amount_off', amountMinor: 550 }, ctx('en'))).toBe('$5.50 off');
  });

  it('French', () => {
    expect(worded('fr')).toEqual([
      `${money('fr', 500)} de réduction`,
      `${percent('fr', 10)} de réduction`,
      'Livraison offerte',
      'Produit offert',
      `${money('fr', 100)} de réduction tous les 100 points`,
    ]);
    expect(percent('fr', 10)).toMatch(/^10\s%$/);
  });

  it('Arabic, with the plural form of the points a step costs', () => {
    expect(worded('ar')).toEqual([
      `خصم ${money('ar', 500)}`,
      `خصم ${percent('ar', 10)}`,
      'شحن مجاني',
      'منتج مجاني',
      `خصم ${money('ar', 100)} مقابل كل ${number('ar', 100)} نقطة`,
    ]);
    // the points after كل are in the genitive: the dual نقطتين (not the nominative نقطتان), one point is كل نقطة
    const perPoints = (points: number) => formatDiscount({ kind: 'amount_per_points', amountMinor: 100, points }, ctx('ar'));
    expect(perPoints(2)).toBe(`خصم ${money('ar', 100)} مقابل كل نقطتين`);
    expect(perPoints(1)).toBe(`خصم ${money('ar', 100)} مقابل كل نقطة`);
    expect(perPoints(5)).toBe(`خصم ${money('ar', 100)} مقابل كل ${number('ar', 5)} نقاط`);
    // a store's own word for points is counted as it is
    expect(formatDiscount({ kind: 'amount_per_points', amountMinor: 100, points: 2 }, ctx('ar', { pointsLabel: 'beans' }))).toBe(
      `خصم ${money('ar', 100)} مقابل كل ${number('ar', 2)} beans`,
    );
  });

  it('a way’s line: its own text first, else what the reward gives', () => {
    const way: RedeemWay = { id: '1', title: '$5 off coupon', cost: 500, discount: { kind: 'amount_off', amountMinor: 500 } };
    expect(redeemWayText(way, ctx('en'))).toBe('$5 off');
    expect(redeemWayText({ ...way, description: 'Next order' }, ctx('ar'))).toBe('Next order');
    expect(redeemWayText({ id: '2', title: 'Mystery', cost: 1 }, ctx('en'))).toBe('');
  });
});

describe('referral rewards in the shopper’s language', () => {
  const rewards: ReferralOffer[] = [
    { kind: 'amount_off', amountMinor: 500 },
    { kind: 'percent_off', percent: 5 },
    { kind: 'points', points: 250 },
  ];
  const worded = (locale: string, overrides: Partial<ProgramData> = {}) => rewards.map((reward) => referralOfferText(reward, ctx(locale, overrides)));

  it('English, as the console words them too', () => {
    expect(worded('en')).toEqual(['$5 off coupon', '5% off coupon', '250 points']);
    expect(worded('en', { pointsLabel: 'beans', currency: 'EUR' })).toEqual(['€5 off coupon', '5% off coupon', '250 beans']);
    expect(referralOfferText({ kind: 'points', points: 1 }, ctx('en', { pointsLabel: 'beans' }))).toBe('1 bean');
  });

  it('French: the coupon through the same discount wording as the ways to redeem', () => {
    expect(worded('fr')).toEqual([`coupon de ${money('fr', 500)} de réduction`, `coupon de ${percent('fr', 5)} de réduction`, `250 points`]);
    expect(worded('fr').join(' ')).not.toMatch(/ off/);
  });

  it('Arabic, with the plural form of the points', () => {
    expect(worded('ar')).toEqual([`قسيمة خصم ${money('ar', 500)}`, `قسيمة خصم ${percent('ar', 5)}`, `${number('ar', 250)} نقطة`]);
    expect(referralOfferText({ kind: 'points', points: 2 }, ctx('ar'))).toBe('نقطتان');
  });

  it('says nothing for a side the program states none of', () => {
    expect(referralOfferText(undefined, ctx('fr'))).toBe('');
  });
});
