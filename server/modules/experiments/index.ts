/**
 * The experiments module: a surface's variant B (landing page, widget, sticky bar; a line of
 * versions of its document, saved and restored like the drafts), experiments
 * that show it to a share of shoppers (assigned stably in the storefront bootstrap and the landing
 * page's request), the beacon the embed reports events with, and the results with their 95 %
 * confidence intervals. Other modules import this file only.
 */
export { ANONYMOUS_ID, bucketOf, shopperKeyOf, variantFor } from './assignment.ts';
export { proportionDifference, rate, MINIMUM_SAMPLE, type Interval } from './stats.ts';
export { assignShopper, BEACON_LIMITS, type Assignment, type Shopper } from './exposure.ts';
export { listExperiments, publishWinner, runningExperiments, startExperiment, stopExperiment } from './experiments.ts';
export { findVariant, variantFromPublished } from './variants.ts';
export { beaconRoutes, experimentRoutes } from './routes.ts';
