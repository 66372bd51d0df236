/** Client-side validation helpers of spec §5 (messages, not safety: the server re-validates). */

import { URL_PATTERN } from '../../server/contract/common.ts';

/** spec §5: optional http or https scheme, optional www, a domain, optional path (the server's own pattern). */
/** spec §5: a standard e-mail pattern. */
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

export const isValidUrl = (value: string): boolean => URL_PATTERN.test(value.trim());
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** spec §5: empty means empty array, empty string, null or undefined. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * spec §5: birthday and anniversary dates must be saved at least one month in advance,
 * otherwise the reward waits until next year. Returns the date the reward is given.
 * `date` is month (1-12) and day; `today` is the saving day (UTC).
 */
export function nextRewardDate(date: { month: number; day: number }, today: Date): Date {
  const year = today.getUTCFullYear();
  const oneMonthAhead = addOneMonth(startOfUtcDay(today));
  const thisYear = new Date(Date.UTC(year, date.month - 1, date.day));
  return thisYear.getTime() >= oneMonthAhead.getTime() ? thisYear : new Date(Date.UTC(year + 1, date.month - 1, date.day));
}

/** spec §5: true when the date is at least one month after `today`, so this year's reward still applies. */
export const isAtLeastOneMonthAhead = (date: { month: number; day: number }, today: Date): boolean =>
  nextRewardDate(date, today).getUTCFullYear() === today.getUTCFullYear();

function startOfUtcDay(day: Date): Date {
  return new Date(Math.floor(day.getTime() / MS_PER_DAY) * MS_PER_DAY);
}

function addOneMonth(day: Date): Date {
  const next = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()));
  // 31 Jan + 1 month → end of February, not early March.
  if (next.getUTCDate() !== day.getUTCDate()) return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 2, 0));
  return next;
}
