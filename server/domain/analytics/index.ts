export { buckets, granularityFor, isoDay, MAX_PERIOD_DAYS, periodOf, previousPeriod, type Granularity, type Period } from './period.ts';
export { freshenRollups, periodMetrics, READER_MAX_DAYS, type PeriodMetrics } from './metrics.ts';
export { periodCharts, type Chart, type ChartSeries } from './charts.ts';
export { EXPIRY_HORIZON_DAYS, outstandingLiability, type Liability } from './liability.ts';
export { refreshRollups, type RefreshResult } from './rollups.ts';
export { storeCurrency } from './store.ts';
export { filterOptions, isKnownTag, type FilterOptions } from './filters.ts';
export type { AnalyticsDailyTable, AnalyticsDirtyTable } from './tables.ts';
export { holdoutLift, liftOf, MIN_GROUP, type Lift } from './lift.ts';
