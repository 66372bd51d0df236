/**
 * An analytics period: whole UTC days `from`–`to` (inclusive), the period of the same length just
 * before it (the comparison), and the buckets its charts are drawn in — days up to two months,
 * weeks up to a year and a half, months beyond.
 */
export type Granularity = 'day' | 'week' | 'month';

export interface Period {
  /** first instant, inclusive */
  start: Date;
  /** the instant after the last day, exclusive */
  end: Date;
  days: number;
  granularity: Granularity;
}

const DAY_MS = 86_400_000;
/** The longest period analytics answers (5 years, leap days included). */
export const MAX_PERIOD_DAYS = 1827;

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function granularityFor(days: number): Granularity {
  if (days <= 62) return 'day';
  if (days <= 548) return 'week';
  return 'month';
}

export function periodOf(from: string, to: string): Period {
  const start = utcDay(from);
  const end = new Date(utcDay(to).getTime() + DAY_MS);
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  return { start, end, days, granularity: granularityFor(days) };
}

/** The period of the same length that ends where `period` starts. */
export function previousPeriod(period: Period): Period {
  const start = new Date(period.start.getTime() - period.days * DAY_MS);
  return { ...period, start, end: period.start };
}

/** The first day of the bucket `date` falls in (weeks start on Monday, as Postgres' date_trunc). */
export function bucketStart(date: Date, granularity: Granularity): Date {
  const day = utcDay(isoDay(date));
  if (granularity === 'day') return day;
  if (granularity === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

/** Every bucket of the period, as the ISO day it starts (the first may start before the period). */
export function buckets(period: Period): string[] {
  const out: string[] = [];
  let at = bucketStart(period.start, period.granularity);
  while (at < period.end) {
    out.push(isoDay(at));
    at =
      period.granularity === 'month'
        ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
        : new Date(at.getTime() + (period.granularity === 'week' ? 7 : 1) * DAY_MS);
  }
  return out;
}
