/**
 * The analytics view (period, comparison, filters: tag, VIP tier, source, sales channel) from the spec's client state (`analyticsViewAtom`,
 * reset on login): a missing period is the last 30 days up to today, in UTC days as the server counts.
 */
import type { AnalyticsBody } from '../../../server/contract/analytics.ts';
import type { AnalyticsView } from '../../state/client-state.ts';

const DAY_MS = 86_400_000;
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export const PRESETS = [
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

/** The `days` days up to and including today. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today) };
}

export function requestOf(view: AnalyticsView, today = new Date()): AnalyticsBody {
  const period = view.from && view.to ? { from: view.from, to: view.to } : lastDays(30, today);
  const first = (key: 'tag' | 'tier' | 'source' | 'channel') => view.filters[key]?.[0] ?? null;
  return { ...period, compare: view.compare, tag: first('tag'), tier: first('tier'), source: first('source'), channel: first('channel') };
}
