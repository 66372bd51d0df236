/**
 * The analytics module: the daily rollups and what is read from them (period metrics, charts,
 * filters and segments, holdout lift), the points liability, the dashboard's headline figures,
 * latest activity and setup progress, the store's points activity, and their routes. Other modules
 * import this file only; the console reads `contract/` (zod only) through server/contract/analytics.ts,
 * dashboard.ts and points-activity.ts.
 */
export * from './service.ts';
export { analyticsRoutes } from './routes.ts';
export { dashboardRoutes, dataDashboardRoutes } from './dashboard-routes.ts';
export { pointsActivityRoutes } from './points-activity-routes.ts';
