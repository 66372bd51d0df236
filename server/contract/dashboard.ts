/** The dashboard: setup progress, headline figures and latest activity: the analytics module's contract. */
export * from '../modules/analytics/contract/dashboard.ts';
