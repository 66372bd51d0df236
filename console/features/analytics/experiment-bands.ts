/** When the store's experiments ran, as the shaded periods of the analytics time charts. */
import type { AnalyticsChart } from '../../../server/contract/analytics.ts';
import type { Experiment } from '../../../server/contract/experiments.ts';
import { SURFACES } from '../../../renderers/contract/index.ts';
import { bandsOnDays, type TimePeriod } from '../../components/ui/chart/bands.ts';
import type { ChartData } from '../../components/ui/chart/chart-data.ts';

export const EXPERIMENT_BANDS_TITLE = 'Experiments';

/** Each experiment as a period named by its surface ("Widget experiment"), oldest first. */
export function experimentPeriods(experiments: readonly Experiment[]): TimePeriod[] {
  return experiments
    .map((experiment) => ({
      label: `${SURFACES.find((surface) => surface.kind === experiment.kind)?.name ?? experiment.kind} experiment`,
      from: experiment.started_at,
      to: experiment.ended_at,
    }))
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The experiments that ran during a time chart's buckets; none on a bar chart of categories. */
export function experimentBands(chart: Pick<AnalyticsChart, 'kind' | 'x'>, periods: readonly TimePeriod[], now: Date): ChartData['bands'] {
  if (chart.kind !== 'line' || periods.length === 0) return undefined;
  const items = bandsOnDays(chart.x, periods, now);
  return items.length > 0 ? { title: EXPERIMENT_BANDS_TITLE, items } : undefined;
}
