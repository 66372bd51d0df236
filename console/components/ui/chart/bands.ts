/**
 * Shaded periods over a time chart (e.g. when an experiment ran). A chart's x axis has one point
 * per bucket, labelled by the ISO day the bucket starts; a band's `from` and `to` are positions on
 * that axis: bucket i covers [i, i + 1), and a time inside it sits in proportion to its length.
 */

/** A period drawn over the chart: its name, and where it starts and ends on the x axis. */
export interface ChartBand {
  label: string;
  from: number;
  to: number;
  /** the period as a sentence: "2026-11-03 to 2026-11-05", "from 2026-11-03, still running" */
  when: string;
}

/** A period in time: ISO instants, `to` null while it goes on. */
export interface TimePeriod {
  label: string;
  from: string;
  to: string | null;
}

const DAY_MS = 86_400_000;
const day = (iso: string) => iso.slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);

/** Where instant `at` (ms) falls on an axis of bucket starts (ms): bucket index plus the fraction of the bucket gone. */
function positionOf(starts: number[], at: number): number {
  const last = starts.length - 1;
  const end = starts[last]! + (last > 0 ? starts[last]! - starts[last - 1]! : DAY_MS);
  if (at <= starts[0]!) return 0;
  if (at >= end) return last + 1;
  let i = 0;
  while (i < last && starts[i + 1]! <= at) i++;
  const next = i < last ? starts[i + 1]! : end;
  return i + (at - starts[i]!) / (next - starts[i]!);
}

/**
 * The periods that overlap a chart whose x labels are the ISO days its buckets start, as bands
 * on its axis, in the order given; one still running ends at `now`. None on an empty axis or one
 * whose labels are not days.
 */
export function bandsOnDays(x: readonly string[], periods: readonly TimePeriod[], now: Date): ChartBand[] {
  const starts = x.map(dayOf);
  if (starts.length === 0 || starts.some(Number.isNaN)) return [];
  const bands: ChartBand[] = [];
  for (const period of periods) {
    const from = positionOf(starts, Date.parse(period.from));
    const to = positionOf(starts, period.to === null ? now.getTime() : Date.parse(period.to));
    if (to <= from) continue;
    const when = period.to === null ? `from ${day(period.from)}, still running` : `${day(period.from)} to ${day(period.to)}`;
    bands.push({ label: period.label, from, to, when });
  }
  return bands;
}

/** The bands over bucket `index` (those that overlap [index, index + 1)). */
export const bandsAt = (bands: readonly ChartBand[], index: number): ChartBand[] => bands.filter((band) => band.from < index + 1 && band.to > index);
