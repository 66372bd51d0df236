/** Program data and a member for the renderer harness (what the server would send). */
import type { MemberState, ProgramData } from '../../../renderers/context.ts';
import { REFERRAL_REWARDS } from '../../../presets/index.ts';

export const DEMO_PROGRAM: ProgramData = {
  pointsLabel: 'beans',
  waysToEarn: [
    { id: 'order', title: 'Order coffee', description: '1 bean per $1 spent', points: 1, icon: 'coffee' },
    { id: 'join', title: 'Join the club', description: 'Welcome beans on sign-up', points: 50, icon: 'user-plus' },
  ],
  waysToRedeem: [
    { id: 'five-off', title: '$5 off your order', description: 'Any bag, any roast', cost: 500, icon: 'ticket' },
    { id: 'free-bag', title: 'A free 250 g bag', description: 'Single-origin of the month', cost: 1500, icon: 'gift' },
  ],
  vipTiers: [
    { id: 'green-bean', name: 'Green Bean', threshold: 0, perks: ['1 bean per $1 spent'] },
    { id: 'medium-roast', name: 'Medium Roast', threshold: 500, perks: ['1.25 beans per $1 spent'], rewards: ['50 bonus beans on reaching the tier'] },
    { id: 'dark-roast', name: 'Dark Roast', threshold: 1500, perks: ['Free shipping on every order'], rewards: ['A bag of beans on reaching the tier'] },
  ],
  referral: REFERRAL_REWARDS,
};

export const DEMO_MEMBER: MemberState = {
  customerId: 'demo-1',
  firstName: 'Robin',
  fullName: 'Robin Baker',
  email: 'robin@example.com',
  pointsBalance: 1250,
  pendingPoints: 40,
  lifetimePoints: 1800,
  pointsEarned: 25,
  tier: { current: 'Medium Roast', next: 'Dark Roast', pointsToNext: 250, progress: 0.75 },
  rewards: [{ id: 'r1', title: '$5 off your order', code: 'BEANS-5OFF' }],
  referralLink: 'https://demo-coffee.example/r/robin',
  referralsEarned: 3,
  joinedAt: '2025-03-01',
};
