/** Analytics: metrics, charts, filters, liability and holdout lift: the analytics module's contract. */
export * from '../modules/analytics/contract/analytics.ts';
