/** Background jobs: the one queue every area enqueues its long or retried work on. */
export { cancelJob, cancelJobs, enqueueJob, findJob, LostClaim, presentJob, purgeFinishedJobs, runRecurringNow, type JobView, type NewJob } from './queue.ts';
export { JobStopping, PermanentFailure, RetryLater, type JobKind, type RunningJob } from './kind.ts';
export type { Job, JobState } from './tables.ts';
