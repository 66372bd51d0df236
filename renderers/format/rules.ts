/** What an earning rule gives, in the store's words: the one wording of the console, canvas, storefront and emails. */
import type { ProgramEarning } from '../context.ts';
import { formatPointsAmount, type PointsWords } from './points.ts';
import { formatMoney } from './tier.ts';

/** An order rule's rate: "2 beans per $1 spent", "10 beans per order". */
export function formatEarnRate(rate: NonNullable<ProgramEarning['orderRate']>, words: PointsWords, currency = 'USD', locale = 'en-US'): string {
  const amount = formatPointsAmount(rate.points, words, locale);
  return rate.perMinor === undefined ? `${amount} per order` : `${amount} per ${formatMoney(rate.perMinor, currency, locale)} spent`;
}
