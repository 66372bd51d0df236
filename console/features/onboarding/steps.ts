import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';

/** spec §4: the onboarding stages 2 → 12, one wizard step each; after 12 the user is done. */
export const ONBOARDING_STEPS = [
  { stage: 2, id: 'basics', title: 'Program basics', summary: 'Name your program and your points.' },
  { stage: 4, id: 'earning', title: 'First way to earn', summary: 'How members collect points.' },
  { stage: 6, id: 'reward', title: 'First reward', summary: 'What members spend points on.' },
  { stage: 8, id: 'channels', title: 'Sales channels', summary: 'Where members shop.' },
  { stage: 10, id: 'install', title: 'Add to your store', summary: 'Put the rewards on your storefront.' },
  { stage: 12, id: 'launch', title: 'Launch', summary: 'Review and go live.' },
] as const;

export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]['id'];

/** The step of a stage; a stage between two steps belongs to the earlier one. */
export function stepIndexForStage(stage: number): number {
  let index = 0;
  ONBOARDING_STEPS.forEach((step, i) => {
    if (stage >= step.stage) index = i;
  });
  return index;
}

/** The stage after finishing the step of `stage`: the next step's, or "done" after the last. */
export function nextStage(stage: number): number {
  const index = stepIndexForStage(stage);
  const next = ONBOARDING_STEPS[index + 1];
  return next ? next.stage : CONSOLE_CONSTANTS.onboardingDoneStage;
}

/** Whether the wizard has nothing left (the user's stage is not an onboarding stage). */
export const onboardingDone = (stage: number) => !CONSOLE_CONSTANTS.onboardingRedirectStages.includes(stage);

/** The stage of the step before the one of `stage`; null on the first step. */
export function previousStage(stage: number): number | null {
  const index = stepIndexForStage(stage);
  return index > 0 ? ONBOARDING_STEPS[index - 1]!.stage : null;
}
