/**
 * The program module: the program as shoppers and members see it — the ways to earn and to redeem
 * open to them, their tier, referral offer and reward codes — read from the modules that keep
 * each part (rules, tiers, referrals, platforms, stores), none of which imports it back; and the
 * demo program the seed starts a store with. Other modules import this file only.
 */
export { getMemberState, getProgramData } from './program.ts';
export { seedProgram } from './seed.ts';
export { recordSeedEmailsSent } from './seed-history.ts';
