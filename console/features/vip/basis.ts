import { moneyFormatter } from '../../lib/format.ts';

export type TierBasis = 'points' | 'spent' | 'orders';

/** A figure of a tier's basis in words: "1,200 points", "$150.00 spent" (money in the store's currency), "3 orders". */
export function basisAmount(basis: TierBasis, value: number, currency: string): string {
  if (basis === 'spent') return `${moneyFormatter(currency)(value)} spent`;
  return `${value.toLocaleString('en-US')} ${basis}`;
}
