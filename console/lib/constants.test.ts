import { describe, expect, it } from 'vitest';
import { CONSOLE_CONSTANTS } from './constants.ts';

describe('console constants are the numbers of spec §9', () => {
  it.each([
    ['requestTimeoutMs', 60000],
    ['toastDurationMs', 5000],
    ['toastWithActionDurationMs', 10000],
    ['dialogTransitionMs', 200],
    ['navigationCollapseBreakpointPx', 767.95],
    ['stackedContentBreakpointPx', 1039.95],
    ['loginDelayMs', 3000],
    ['storeSwitchRedirectMs', 500],
    ['rehydrationTimeoutMs', 10000],
    ['clipboardConfirmationMs', 5000],
    ['searchThresholdChars', 2],
    ['nameTruncateAt', 22],
    ['initialOnboardingStage', 2],
    ['authFailureStage', 4],
    ['customerListFirstPage', 1],
    ['actionListSearchMinItems', 8],
    ['logoWidthPx', 175],
    ['compactLogoWidthPx', 104],
  ] as const)('%s = %s', (key, value) => {
    expect(CONSOLE_CONSTANTS[key]).toBe(value);
  });

  it('onboarding redirect stages are 2, 4, 6, 8, 10, 12 (spec §4 / §9)', () => {
    expect(CONSOLE_CONSTANTS.onboardingRedirectStages).toEqual([2, 4, 6, 8, 10, 12]);
  });
});
