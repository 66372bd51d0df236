import { CONSOLE_CONSTANTS } from './constants.ts';

/** spec §5: points display — an integer with no decimals, otherwise two decimals. */
export function formatPoints(value: number | string): string {
  const points = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(points)) return '0';
  return Number.isInteger(points) ? String(points) : points.toFixed(2);
}

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
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/** A formatter of minor units as money in `currency`: 12345 → $123.45. */
export const moneyFormatter =
  (currency: string) =>
  (minor: number): string =>
    (minor / 100).toLocaleString('en-US', { style: 'currency', currency });

/** A 0–1 rate in percent with one decimal: 0.4167 → 41.7%. */
export const formatRate = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
