import type { IconId } from './icons.ts';

/**
 * The library icon of each kind of way to earn and to redeem (and of coupons, whose discount
 * kinds are ways to redeem's): the storefront's panels and sections and the console's cards draw
 * the same one.
 */
export const EARN_RULE_ICONS: Readonly<Record<string, IconId>> = {
  order: 'bag',
  signup: 'user-plus',
  birthday: 'cake',
  anniversary: 'calendar',
  social_follow: 'heart',
  social_share: 'share',
  newsletter: 'mail',
  review: 'star',
  custom: 'sparkles',
};

export const REDEEM_RULE_ICONS: Readonly<Record<string, IconId>> = {
  fixed_amount: 'ticket',
  percentage: 'percent',
  free_shipping: 'truck',
  free_product: 'gift',
  variable: 'coins',
};

/** A way to earn's icon; an unknown kind draws sparkles. */
export const earnRuleIcon = (type: string): IconId => (Object.hasOwn(EARN_RULE_ICONS, type) ? EARN_RULE_ICONS[type]! : 'sparkles');

/** A way to redeem's (or a coupon's) icon; an unknown kind draws a gift. */
export const redeemRuleIcon = (type: string): IconId => (Object.hasOwn(REDEEM_RULE_ICONS, type) ? REDEEM_RULE_ICONS[type]! : 'gift');
