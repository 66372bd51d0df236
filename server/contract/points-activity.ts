/** The store's points activity: the analytics module's contract. */
export * from '../modules/analytics/contract/points-activity.ts';
