/**
 * Business constants of spec §9 used by the console: the presets' CONSOLE_CONSTANTS (imported
 * from its own module so the console bundle does not pull in every preset document), plus the
 * one number only the console needs.
 */
import { CONSOLE_CONSTANTS as PRESET_CONSTANTS } from '../../presets/constants.ts';

export const CONSOLE_CONSTANTS = {
  ...PRESET_CONSTANTS,
  /** the stage of a user whose onboarding is done (the server's demo seed uses 0) */
  onboardingDoneStage: 0,
} as const;

export type ConsoleConstants = typeof CONSOLE_CONSTANTS;
