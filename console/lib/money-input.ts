/**
 * Money typed in the store's currency, stored in minor units (DESIGN.md §5): the amount shows with
 * the currency's symbol and the locale's decimal separator (Intl.NumberFormat), and what the
 * merchant types reads back as an integer of minor units (a JPY amount has none, a USD one 2).
 */

/** How many minor digits the currency has (USD 2, JPY 0, KWD 3). */
export const minorDigits = (currency: string): number =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

function part(locale: string | undefined, options: Intl.NumberFormatOptions, value: number, type: Intl.NumberFormatPartTypes): string {
  return new Intl.NumberFormat(locale, options).formatToParts(value).find((p) => p.type === type)?.value ?? '';
}

/** The currency's symbol in the locale ("$", "€", "¥"). */
export const currencySymbol = (currency: string, locale?: string): string => part(locale, { style: 'currency', currency }, 0, 'currency');

/** Minor units as the field shows them: 1250 → "12.50" (en-US) or "12,50" (fr-FR); no grouping. */
export function minorToInput(minor: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(minor / 10 ** digits);
}

/**
 * What the merchant typed, in minor units, or null when it is not an amount: the locale's decimal
 * separator (a "." is read too where the locale's is another), group separators, spaces and the
 * symbol are allowed; more decimals than the currency has are not.
 */
export function inputToMinor(text: string, currency: string, locale?: string): number | null {
  const digits = minorDigits(currency);
  const decimal = part(locale, { minimumFractionDigits: 1 }, 1.5, 'decimal') || '.';
  const group = part(locale, { useGrouping: true }, 1_000_000, 'group');
  let cleaned = text.replace(currencySymbol(currency, locale), '').replace(/[\s\u00a0\u202f]/g, '');
  if (group && group !== decimal && !/\s/.test(group)) cleaned = cleaned.split(group).join('');
  if (decimal !== '.') cleaned = cleaned.replace(decimal, '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}
