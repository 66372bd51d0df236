import type { RenderContext, TierBasis } from '../context.ts';
import { t } from '../i18n/catalog.ts';
import { pointsAmount } from './points.ts';

const money = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole}`;
  let found = money.get(key);
  if (!found) {
    const options: Intl.NumberFormatOptions = { style: 'currency', currency, ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) };
    try {
      found = new Intl.NumberFormat(locale, options);
    } catch {
      found = new Intl.NumberFormat('en-US', { ...options, currency: 'USD' });
    }
    money.set(key, found);
  }
  return found;
}

/** An amount in minor units (cents) as money of the currency: "$120", "$12.50" (whole amounts without decimals). */
export function formatMoney(minor: number, currency = 'USD', locale = 'en-US'): string {
  const digits = moneyFormat(locale, currency, false).resolvedOptions().maximumFractionDigits ?? 2;
  const major = minor / 10 ** digits;
  return moneyFormat(locale, currency, Number.isInteger(major)).format(major);
}

/**
 * A tier figure in the program's basis: "$120" for spend tiers, "3 orders" for order tiers,
 * "500 points" (the store's label) for points tiers.
 */
export function formatTierAmount(
  value: number,
  ctx: Pick<RenderContext, 'locale' | 'messages' | 'program'>,
  basis: TierBasis | undefined = ctx.program.tierBasis,
): string {
  if (basis === 'spent') return formatMoney(value, ctx.program.currency, ctx.locale);
  if (basis === 'orders') return t(ctx, 'orders.amount', { count: value });
  return pointsAmount(value, ctx);
}
