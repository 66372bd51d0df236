import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { expireDuePoints, releaseDuePoints } from '../domain/ledger/index.ts';
import { refreshRollups } from '../modules/analytics/index.ts';
import { queueExpiryReminders } from '../modules/emails/index.ts';
import { awardAnniversaries, expireDueRewards } from '../modules/rules/index.ts';
import { completeDueReferrals } from '../modules/referrals/index.ts';
import { awardTierBirthdays, endTierPeriods } from '../modules/vip/index.ts';
import { purgeFinishedJobs, type JobKind } from '../domain/jobs/index.ts';
import { refreshPlannerStatistics } from '../db/statistics.ts';

export interface MaintenanceResult {
  /** anniversary rewards given */
  anniversaries: number;
  /** pending earns released */
  released: number;
  /** point batches expired */
  expired: number;
  /** unused rewards (coupon codes) past their expiry, now `expired` */
  rewardsExpired: number;
  /** referrals whose pending window passed, now completed (the referrer rewarded) */
  referralsCompleted: number;
  /** points-expiry reminder emails queued (early and final) */
  expiryReminders: number;
  /** finished jobs past their keeping time, deleted */
  jobsPurged: number;
  /** members moved between VIP tiers because their period ended */
  tiersMoved: number;
  /** VIP birthday bonuses given (the tier's birthday_bonus perk, once a year) */
  tierBirthdays: number;
  /** days of analytics recomputed from what changed (the rollups) */
  analyticsDays: number;
}

/**
 * The ledger's regular pass over every account: rewards anniversaries of joining that came,
 * releases pending points whose approval window passed, expires batches past their expiry and
 * marks unused rewards past theirs `expired` (their points are not given back), completes
 * referrals whose pending window passed, queues the points-expiry reminder emails that are due,
 * measures again the VIP members whose tier period ended, gives the VIP tiers' birthday bonuses
 * that came, deletes the finished jobs past their keeping time, then rolls up the analytics of the days that changed, and refreshes the
 * planner's statistics of the tables that changed much (PGlite has no autovacuum). Every step is
 * idempotent, so reruns and two processes running it at once write each entry once.
 */
export async function maintainLedger(db: Db, clock: Clock): Promise<MaintenanceResult> {
  const now = clock.now();
  const anniversaries = await awardAnniversaries(db, now);
  const released = await releaseDuePoints(db, now);
  const expired = await expireDuePoints(db, now);
  const rewardsExpired = await expireDueRewards(db, now);
  const referralsCompleted = await completeDueReferrals(db, now);
  const expiryReminders = await queueExpiryReminders(db, now);
  const tiersMoved = await endTierPeriods(db, now);
  // after the period ends: the bonus goes to members of the tier they hold now
  const tierBirthdays = await awardTierBirthdays(db, now);
  const jobsPurged = await purgeFinishedJobs(db, new Date(now.getTime() - JOBS_KEPT_MS));
  // after the steps above, so the rollups include what they wrote
  const analyticsDays = (await refreshRollups(db)).days;
  await refreshPlannerStatistics(db);
  return {
    anniversaries,
    released,
    expired,
    rewardsExpired,
    referralsCompleted,
    expiryReminders,
    jobsPurged,
    tiersMoved,
    tierBirthdays,
    analyticsDays,
  };
}

/** Finished jobs (and their results) are kept this long for the console, then deleted. */
const JOBS_KEPT_MS = 14 * 24 * 3_600_000;

/** The job kind of the maintenance pass: a recurring job every 10 minutes, once across the processes (idempotent). */
export const LEDGER_MAINTENANCE_JOB = 'ledger.maintenance';

export const ledgerMaintenanceJob: JobKind<never> = {
  kind: LEDGER_MAINTENANCE_JOB,
  everyMs: 10 * 60_000,
  run: (job) => maintainLedger(job.db, { now: job.now }),
};
