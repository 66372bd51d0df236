/**
 * Business constants of spec §9 (and the few of §2/§4 they go with) used by the console.
 * The names match what `console/lib/constants.ts` already uses, so it can re-export this object.
 */
export const CONSOLE_CONSTANTS = {
  /** spec §9: request timeout */
  requestTimeoutMs: 60_000,
  /** spec §9: toast duration, longer when the toast has an action */
  toastDurationMs: 5_000,
  toastWithActionDurationMs: 10_000,
  /** spec §9: dialog transition */
  dialogTransitionMs: 200,
  /** spec §9: navigation collapses below this width; content stacks below the other */
  navigationCollapseBreakpointPx: 767.95,
  stackedContentBreakpointPx: 1039.95,
  /** spec §9 / §4 */
  loginDelayMs: 3_000,
  storeSwitchRedirectMs: 500,
  rehydrationTimeoutMs: 10_000,
  clipboardConfirmationMs: 5_000,
  /** spec §5 / §9: search fires only with MORE than this many characters */
  searchThresholdChars: 2,
  /** spec §9: names are cut at 22 characters (21 plus an ellipsis) */
  nameTruncateAt: 22,
  /** spec §9: the store switcher appears only with MORE than this many stores */
  storeSwitcherMinStores: 1,
  /** spec §4 / §9 */
  onboardingRedirectStages: [2, 4, 6, 8, 10, 12] as readonly number[],
  initialOnboardingStage: 2,
  /** spec §4: authentication failure sets the stage to 4, then logs out */
  authFailureStage: 4,
  customerListFirstPage: 1,
  /** spec §9: action lists show a search field only with at least this many items */
  actionListSearchMinItems: 8,
  /** spec §2: logo widths */
  logoWidthPx: 175,
  compactLogoWidthPx: 104,
} as const;

export type ConsoleConstants = typeof CONSOLE_CONSTANTS;
