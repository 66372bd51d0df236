import { CONSOLE_CONSTANTS } from './constants.ts';
import { minorDigits } from './money-input.ts';
import { formatPoints as formatLocalePoints } from '../../renderers/format/points.ts';
import { formatCount as formatLocaleCount, formatMessage } from '../../renderers/i18n/messages.ts';

/**
 * The console's language for numbers and plurals (its wording is English): every figure a
 * merchant reads goes through the helpers below, the same Intl formatters the storefront uses.
 */
export const CONSOLE_LOCALE = 'en-US';

/** spec §5: points display — an integer with no decimals, otherwise two decimals, digits grouped (103,200). */
export const formatPoints = (value: number | string): string => formatLocalePoints(value, CONSOLE_LOCALE);

/** A change of points with its sign (+120, -50, 0). */
export const formatSignedPoints = (value: number): string => (value > 0 ? `+${formatPoints(value)}` : formatPoints(value));

/** An instant as the ledger screens show it: date and time in UTC, saying so. */
export const formatUtcDateTime = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;

/** spec §9: store and user names cut at 22 characters as 21 plus an ellipsis. */
export function truncateName(name: string, limit: number = CONSOLE_CONSTANTS.nameTruncateAt): string {
  const chars = Array.from(name);
  return chars.length > limit ? `${chars.slice(0, limit - 1).join('')}…` : name;
}

export interface PayloadSize {
  bytes: number;
  kb: number;
  mb: number;
  label: string;
}

/** spec §5 / §7: payload size in bytes, KB and MB; zero on error (e.g. a value JSON cannot encode). */
export function payloadSize(payload: unknown): PayloadSize {
  let bytes = 0;
  try {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    bytes = text === undefined ? 0 : new TextEncoder().encode(text).length;
  } catch {
    bytes = 0;
  }
  const kb = bytes / 1024;
  const mb = kb / 1024;
  const label = mb >= 1 ? `${mb.toFixed(2)} MB` : kb >= 1 ? `${kb.toFixed(2)} KB` : `${bytes} bytes`;
  return { bytes, kb, mb, label };
}

/** spec §9: action lists show a search field only with at least 8 items. */
export const showsActionListSearch = (itemCount: number): boolean => itemCount >= CONSOLE_CONSTANTS.actionListSearchMinItems;

/** spec §5 / §9: the global customer search fires only with more than 2 characters. */
export const searchFires = (text: string): boolean => text.trim().length > CONSOLE_CONSTANTS.searchThresholdChars;

/** A count as people read it: 12,345. */
export const formatCount = (value: number): string => formatLocaleCount(CONSOLE_LOCALE, value);

/**
 * A count with its noun agreeing (Intl.PluralRules): `countOf(1, 'row')` → "1 row",
 * `countOf(224672, 'row')` → "224,672 rows", `countOf(2, 'person', 'people')` → "2 people".
 */
export const countOf = (count: number, one: string, other = `${one}s`): string =>
  formatMessage(CONSOLE_LOCALE, { one: `{count} ${one}`, other: `{count} ${other}` }, { count });

/** Points with their label agreeing: "1 point", "103,200 points" (the store's own words go through renderers' formatPointsAmount). */
export const pointsOf = (points: number): string => countOf(points, 'point');

/** Minor units as money in `currency`, with its symbol and the currency's own decimals: 12345 → $123.45, 500 → $5.00. */
export const formatMinor = (minor: number, currency = 'USD'): string =>
  (minor / 10 ** minorDigits(currency)).toLocaleString(CONSOLE_LOCALE, { style: 'currency', currency });

/** A formatter of minor units as money in `currency`: 12345 → $123.45. */
export const moneyFormatter =
  (currency: string) =>
  (minor: number): string =>
    formatMinor(minor, currency);

/** A 0–1 rate in percent with one decimal: 0.4167 → 41.7%. */
export const formatRate = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
