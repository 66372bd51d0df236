import { describe, expect, it } from 'vitest';
import { decideSession, isOnboardingStage } from './rules.ts';

describe('session redirects (spec §4)', () => {
  it.each([
    // no user: logged out unless on auth-check
    ['/home', false, 2, { action: 'logout', hideContent: true }],
    ['/settings', false, 0, { action: 'logout', hideContent: true }],
    ['/auth-check', false, 2, { action: 'none', hideContent: false }],
    // onboarding stages send the user to /onboarding, content hidden meanwhile
    ...[2, 4, 6, 8, 10, 12].map((stage) => ['/home', true, stage, { action: 'redirect', to: '/onboarding', hideContent: true }] as const),
    ['/auth-check', true, 2, { action: 'redirect', to: '/onboarding', hideContent: true }],
    ['/onboarding', true, 4, { action: 'none', hideContent: false }],
    // other stages: free to move
    ...[0, 1, 3, 13, 14].map((stage) => ['/home', true, stage, { action: 'none', hideContent: false }] as const),
    // auth-check with a user goes home
    ['/auth-check', true, 0, { action: 'redirect', to: '/home', hideContent: true }],
    ['/auth-check/', true, 0, { action: 'redirect', to: '/home', hideContent: true }],
  ] as const)('%s, user %s, stage %i → %j', (path, hasUser, stage, decision) => {
    expect(decideSession({ path, hasUser, stage })).toEqual(decision);
  });

  it.each([
    [2, true],
    [12, true],
    [0, false],
    [3, false],
    [14, false],
  ])('stage %i is an onboarding stage: %s', (stage, yes) => {
    expect(isOnboardingStage(stage)).toBe(yes);
  });
});
