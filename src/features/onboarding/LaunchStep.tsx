import { ONBOARDING_STEPS } from './steps.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';

/** Stage 12: the last step; finishing sets the stage to "done" and lands on /home. */
export function LaunchStep({ onDone, advancing }: StepProps) {
  return (
    <StepFrame title="Launch" intro="Your program is ready. Everything can be changed later from the navigation."
      saving={false} advancing={advancing} failure={null} onSkip={onDone} submitLabel="Finish setup" onSubmit={onDone}>
      <ul className="ls-link-list">
        {ONBOARDING_STEPS.slice(0, -1).map((step) => <li key={step.id}>{step.title}: {step.summary}</li>)}
      </ul>
    </StepFrame>
  );
}
