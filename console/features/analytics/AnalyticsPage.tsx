import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import type { AnalyticsChart } from '../../../server/contract/analytics.ts';
import { ChartCard } from '../../components/ui/ChartCard.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { PreparingBanner } from '../../components/ui/PreparingBanner.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { analyticsViewAtom } from '../../state/client-state.ts';
import { chartsQuery, experimentPeriodsQuery, metricsQuery } from './api/analytics.ts';
import { AnalyticsControls } from './components/AnalyticsControls.tsx';
import { LiabilityCard } from './components/LiabilityCard.tsx';
import { LiftCard } from './components/LiftCard.tsx';
import { MetricGroups } from './components/MetricGroups.tsx';
import { experimentBands, experimentPeriods } from './experiment-bands.ts';
import { requestOf } from './view.ts';

/** The x axis' name for each bucket size. */
const X_LABEL = { day: 'Date', week: 'Week starting', month: 'Month starting' } as const;
/** The x axis' name of the bar charts, whose labels are categories. */
const CATEGORY_LABEL: Partial<Record<AnalyticsChart['key'], string>> = { tiers: 'VIP tier', referrals: 'Step' };

/** spec §2 /analytics: the program's figures for a period against the one before, its liability and charts. */
export function AnalyticsPage() {
  const [view, setView] = useAtom(analyticsViewAtom);
  const request = requestOf(view);
  const metrics = useQuery(metricsQuery(request));
  const charts = useQuery(chartsQuery(request));
  // when experiments ran, shaded on the time charts (a role that may not read them sees the charts without)
  const experiments = useQuery(experimentPeriodsQuery());
  const periods = experiments.data ? experimentPeriods(experiments.data) : [];
  // a running experiment is shaded up to when the list was read
  const now = new Date(experiments.dataUpdatedAt);
  const failure = metrics.error ?? charts.error;
  return (
    <>
      <PageHeader title="Analytics" subtitle={`${request.from} to ${request.to}${charts.data ? `, by ${charts.data.period.granularity}` : ''}`} />
      <AnalyticsControls view={view} onChange={setView} />
      {failure ? (
        <p className="ls-card" role="alert">
          Analytics could not be loaded: {errorMessage(failure)}
        </p>
      ) : null}
      {metrics.isPending || charts.isPending ? (
        <p className="ls-card ls-muted" role="status">
          Counting your program's figures…
        </p>
      ) : null}
      {metrics.data && metrics.data.preparing_days > 0 ? <PreparingBanner days={metrics.data.preparing_days} /> : null}
      <div aria-busy={metrics.isFetching || charts.isFetching}>
        {metrics.data ? (
          <>
            <MetricGroups metrics={metrics.data} />
            <LiabilityCard metrics={metrics.data} />
            <LiftCard metrics={metrics.data} />
          </>
        ) : null}
        {charts.data?.charts.map((chart) => (
          <ChartCard
            key={chart.key}
            title={chart.title}
            data={{
              x: chart.x,
              kind: chart.kind,
              series: chart.series.map((series) => ({ label: series.label, values: series.values, dashed: series.previous })),
              bands: experimentBands(chart, periods, now),
            }}
            xLabel={CATEGORY_LABEL[chart.key] ?? X_LABEL[charts.data!.period.granularity]}
          />
        ))}
      </div>
    </>
  );
}
