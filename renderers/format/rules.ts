/**
 * What a way to earn gives, what a way to redeem is worth and what a referral gives, in the
 * context's language and the store's words: the one wording of the canvas, the storefront, the
 * landing page and (in English) the console's rule lists and referral rewards. The server sends
 * the figures; this module words them.
 */
import type { EarnRate, EarnWay, MemberReward, RedeemWay, ReferralOffer, RewardDiscount } from '../context.ts';
import { t, type Wording } from '../i18n/catalog.ts';
import { safeLocale } from '../i18n/messages.ts';
import { pointsAmount, type PointsWords } from './points.ts';
import { formatMoney } from './tier.ts';

/** A language's wording with the store's words for points and its currency (ISO 4217; USD when absent). */
export type ProgramWording = Wording & { program: PointsWords & { currency?: string | undefined } };

const money = (minor: number, ctx: ProgramWording) => formatMoney(minor, ctx.program.currency ?? 'USD', ctx.locale);

const percents = new Map<string, Intl.NumberFormat>();

/** A percentage as the locale writes it: 10%, 10 %, ٪١٠. */
function formatPercent(percent: number, locale: string): string {
  let format = percents.get(locale);
  if (!format) percents.set(locale, (format = new Intl.NumberFormat(safeLocale(locale), { style: 'percent', maximumFractionDigits: 2 })));
  return format.format(percent / 100);
}

/** An order rule's rate: "2 beans per $1 spent", "10 points per order", "1 point pour 1 $US dépensé". */
export function formatEarnRate(rate: EarnRate, ctx: ProgramWording): string {
  const points = pointsAmount(rate.points, ctx);
  if (rate.perMinor === undefined) return t(ctx, 'earn.perOrder', { count: rate.points, points });
  return t(ctx, 'earn.perAmount', { count: rate.points, points, amount: money(rate.perMinor, ctx) });
}

/** What a reward gives: "$5 off", "10% off", "Free shipping", "$1 off per 100 points". */
export function formatDiscount(discount: RewardDiscount, ctx: ProgramWording): string {
  switch (discount.kind) {
    case 'amount_off':
      return t(ctx, 'reward.amountOff', { amount: money(discount.amountMinor, ctx) });
    case 'percent_off':
      return t(ctx, 'reward.percentOff', { percent: formatPercent(discount.percent, ctx.locale) });
    case 'free_shipping':
      return t(ctx, 'reward.freeShipping');
    case 'free_product':
      return t(ctx, 'reward.freeProduct');
    case 'amount_per_points':
      return t(ctx, 'reward.amountPerPoints', {
        count: discount.points,
        amount: money(discount.amountMinor, ctx),
        points: pointsAmount(discount.points, ctx, 'points.every'),
      });
  }
}

/** The line under a way to earn: its own text, else its rate, else the points it gives. */
export function earnWayText(way: EarnWay, ctx: ProgramWording): string {
  if (way.description) return way.description;
  if (way.rate) return formatEarnRate(way.rate, ctx);
  return way.points === undefined ? '' : pointsAmount(way.points, ctx);
}

/** The line under a way to redeem: its own text, else what the reward gives. */
export function redeemWayText(way: RedeemWay, ctx: ProgramWording): string {
  if (way.description) return way.description;
  return way.discount ? formatDiscount(way.discount, ctx) : '';
}

/** What a referral gives: "$5 off coupon", "5% off coupon", "250 beans", "coupon de 5 $US de réduction"; '' when none is stated. */
export function referralOfferText(reward: ReferralOffer | undefined, ctx: ProgramWording): string {
  if (!reward) return '';
  if (reward.kind === 'points') return pointsAmount(reward.points, ctx);
  return t(ctx, 'referral.coupon', { discount: formatDiscount(reward, ctx) });
}

/** A member's reward as the shopper reads it: its title, or for a referrer's coupon "Referral reward: $5 off coupon" in the context's language. */
export function memberRewardTitle(reward: Pick<MemberReward, 'title' | 'referral'>, ctx: ProgramWording): string {
  return reward.referral ? t(ctx, 'reward.referral', { offer: referralOfferText(reward.referral, ctx) }) : reward.title;
}
