import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';
import { expireDuePoints, releaseDuePoints } from '../domain/ledger/index.ts';
import { refreshRollups } from '../domain/analytics/index.ts';
import { resumeStalledExports } from '../domain/customers/export-jobs.ts';
import { queueExpiryReminders } from '../domain/emails/reminders.ts';
import { awardAnniversaries } from '../domain/rules/anniversary.ts';
import { expireDueRewards } from '../domain/rules/reward-expiry.ts';
import { completeDueReferrals } from '../domain/referrals/index.ts';
import { awardTierBirthdays, endTierPeriods, resumeStalledApplyJobs } from '../domain/vip/index.ts';
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
  /** VIP apply jobs whose runner died, continued where they stopped */
  tierJobsResumed: number;
  /** customer exports whose runner died, continued where they stopped */
  exportsResumed: number;
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
 * continues the VIP apply jobs and customer exports whose runner died, measures again the VIP members whose tier period ended, gives the VIP tiers' birthday
 * bonuses that came, then rolls up the analytics of the days that changed, and refreshes the
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
  const tierJobsResumed = await resumeStalledApplyJobs(db, () => clock.now());
  const exportsResumed = await resumeStalledExports(db, () => clock.now());
  const tiersMoved = await endTierPeriods(db, now);
  // after the period ends: the bonus goes to members of the tier they hold now
  const tierBirthdays = await awardTierBirthdays(db, now);
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
    tierJobsResumed,
    exportsResumed,
    tiersMoved,
    tierBirthdays,
    analyticsDays,
  };
}

/** Runs `maintainLedger` every `intervalMs` in this process; returns the stop function. */
export function scheduleLedgerMaintenance(db: Db, clock: Clock, intervalMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainLedger(db, clock)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
