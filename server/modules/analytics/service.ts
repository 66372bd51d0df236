/** Analytics and the dashboard: period metrics and charts from the daily rollups, liability, segments, holdout lift, the headline figures, the latest activity and the setup progress. */
export { buckets, granularityFor, isoDay, MAX_PERIOD_DAYS, periodOf, previousPeriod, type Granularity, type Period } from './period.ts';
export { freshenRollups, periodMetrics, READER_MAX_DAYS, type PeriodMetrics } from './metrics.ts';
export { periodCharts, type Chart, type ChartSeries } from './charts.ts';
export { EXPIRY_HORIZON_DAYS, outstandingLiability, type Liability } from './liability.ts';
export { refreshRollups, type RefreshResult } from './rollups.ts';
export { filterOptions, unknownFilterField, type FilterOptions } from './filters.ts';
export { memberFilterOf, type MemberFilter } from './sql.ts';
export type { AnalyticsDailyTable, AnalyticsDirtyTable } from './tables.ts';
export { holdoutLift, liftOf, MIN_GROUP, type Lift } from './lift.ts';
export { dismissSetupProgress, setupProgress, type SetupProgress, type SetupStep } from './setup.ts';
export { FIGURE_KEYS, headlineFigures, PERIOD_DAYS, type Figures, type HeadlineFigures } from './figures.ts';
export { ACTIVITY_MAX, latestActivity, type ActivityItem, type ActivityKind } from './activity.ts';
