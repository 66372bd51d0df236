/** VIP tiers, perks and automatic discounts. */
export type { Discount, TierCause, VipActivity, VipJob, VipMember, VipPerk, VipSettings, VipTier } from './tables.ts';
export {
  DEFAULT_SETTINGS,
  VipError,
  checkLadder,
  describePerk,
  loadLadder,
  loadSettings,
  metricOf,
  periodKey,
  periodStart,
  tierFor,
  withTier,
  type Ladder,
  type Settings,
  type TierWithPerks,
} from './ladder.ts';
export { endTierPeriods, movesBeforeEarn, multipliersOf, reevaluateTiers, switchTier, type Deferred, type TierChange } from './engine.ts';
export { measure, rebuildFigures } from './figures.ts';
export { deletePerk, deleteTier, findPerk, findTier, listTiers, saveSettings, storePerk, storeTier } from './tiers.ts';
export { simulate } from './simulate.ts';
export type { Simulation } from './contract.ts';
export { applyNextBatch, createApplyJob, findJob, presentJob, runApplyJob, VIP_APPLY_JOB, vipApplyJob } from './apply.ts';
export {
  createDiscount,
  deleteDiscount,
  describeDiscount,
  discountsOfTier,
  findDiscount,
  listDiscounts,
  updateDiscount,
  type DiscountStatus,
} from './discounts.ts';
export { listTierActivity, listTierGroup, memberTier, memberTierProgress, programTiers, tierInfos, type MemberTier } from './members.ts';
export { awardTierBirthdays, exclusiveRedeems, exclusiveRefusal, seesRedeem, tierIdOf, type ExclusiveRedeem } from './perks.ts';
