import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';

const AUTH_CHECK_PATH = '/auth-check';
const ONBOARDING_PATH = '/onboarding';
const HOME_PATH = '/home';

export type SessionDecision =
  { action: 'none'; hideContent: boolean } | { action: 'redirect'; to: string; hideContent: true } | { action: 'logout'; hideContent: true };

const isOnboardingPath = (path: string) => path.includes('onboarding');
const isAuthCheckPath = (path: string) => path.replace(/\/+$/, '') === AUTH_CHECK_PATH;

/** spec §4 / §9: stages 2, 4, 6, 8, 10, 12 belong to onboarding. */
export const isOnboardingStage = (stage: number) => CONSOLE_CONSTANTS.onboardingRedirectStages.includes(stage);

/**
 * spec §4: where a visitor of `path` must go.
 *  - no user and not on auth-check → logout
 *  - an onboarding stage and not on onboarding → /onboarding, content hidden meanwhile
 *  - auth-check with a user → /home
 */
export function decideSession({ path, hasUser, stage }: { path: string; hasUser: boolean; stage: number }): SessionDecision {
  if (!hasUser) return isAuthCheckPath(path) ? { action: 'none', hideContent: false } : { action: 'logout', hideContent: true };
  if (isOnboardingStage(stage) && !isOnboardingPath(path)) return { action: 'redirect', to: ONBOARDING_PATH, hideContent: true };
  if (isAuthCheckPath(path)) return { action: 'redirect', to: HOME_PATH, hideContent: true };
  return { action: 'none', hideContent: false };
}
