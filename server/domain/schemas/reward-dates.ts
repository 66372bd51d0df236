/**
 * When a birthday (or anniversary) reward is given — spec §5: a date must be saved at least one
 * month before it comes, otherwise its reward waits until the next year. One rule for the server,
 * which books the reward, and the console, which warns before saving. Compared by calendar day in
 * the store's time zone, never by the time of day.
 */

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** A store's IANA time zone, UTC when it has none or an unknown one. */
export function storeTimeZone(settings: object | null | undefined): string {
  const zone = (settings as { time_zone?: unknown } | null | undefined)?.time_zone;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : 'UTC';
}

export function isTimeZone(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** The calendar day that `now` is in `timeZone`. */
export function calendarDayIn(now: Date, timeZone: string): CalendarDay {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Days as comparable numbers (a 29 February in a common year is 1 March, as a date would be). */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);

/** One month after `today`; a month after 31 January is the end of February. */
function oneMonthAfter(today: CalendarDay): number {
  const lastDay = new Date(Date.UTC(today.year, today.month + 1, 0)).getUTCDate();
  return dayNumber(today.year, today.month + 1, Math.min(today.day, lastDay));
}

export interface RewardDate {
  /** the day the reward is given, YYYY-MM-DD */
  rewardOn: string;
  /** the date comes within a month, so its reward skips to the next year's */
  waits: boolean;
}

/** The day the reward of a yearly date (`month`-`day`) saved on `today` is given. */
export function yearlyRewardDate(date: { month: number; day: number }, today: CalendarDay): RewardDate {
  const todayNumber = dayNumber(today.year, today.month, today.day);
  // the date's next occurrence, today included
  let year = dayNumber(today.year, date.month, date.day) >= todayNumber ? today.year : today.year + 1;
  const waits = dayNumber(year, date.month, date.day) < oneMonthAfter(today);
  if (waits) year += 1;
  return { rewardOn: new Date(dayNumber(year, date.month, date.day)).toISOString().slice(0, 10), waits };
}

/** The reward of a saved date `YYYY-MM-DD` (its year is the birth year, not used). */
export function rewardDateOf(saved: string, today: CalendarDay): RewardDate {
  const [, month, day] = saved.split('-').map(Number) as [number, number, number];
  return yearlyRewardDate({ month, day }, today);
}
