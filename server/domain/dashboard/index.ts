export { dismissSetupProgress, setupProgress, type SetupProgress, type SetupStep } from './setup.ts';
export { FIGURE_KEYS, headlineFigures, PERIOD_DAYS, type Figures, type HeadlineFigures } from './figures.ts';
export { ACTIVITY_MAX, latestActivity, type ActivityItem, type ActivityKind } from './activity.ts';
