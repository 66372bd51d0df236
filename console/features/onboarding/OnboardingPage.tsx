import { Navigate } from 'react-router';
import { Banner } from '../../components/ui/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useConsole } from '../../state/store.ts';
import { Logo } from '../../components/ui/icons.tsx';
import { BasicsStep } from './BasicsStep.tsx';
import { ChannelsStep } from './ChannelsStep.tsx';
import { EarningStep } from './EarningStep.tsx';
import { InstallStep } from './InstallStep.tsx';
import { LaunchStep } from './LaunchStep.tsx';
import { RewardStep } from './RewardStep.tsx';
import { ONBOARDING_STEPS, nextStage, onboardingDone, previousStage, stepIndexForStage } from './steps.ts';
import type { StepProps } from './StepFrame.tsx';
import { useMoveStage } from './api/onboarding.ts';

const STEP_COMPONENTS = {
  basics: BasicsStep,
  earning: EarningStep,
  reward: RewardStep,
  channels: ChannelsStep,
  install: InstallStep,
  launch: LaunchStep,
} as const;

/** spec §2 /onboarding (no admin frame): a wizard through stages 2 → 12, then /home. */
export function OnboardingPage() {
  const stage = useConsole((s) => s.onboarding.stage);
  const dismissed = useConsole((s) => s.onboarding.progressDismissed);
  const setDismissed = useConsole((s) => s.setOnboardingProgressDismissed);
  const move = useMoveStage();
  if (onboardingDone(stage)) return <Navigate to="/home" replace />;

  const index = stepIndexForStage(stage);
  const step = ONBOARDING_STEPS[index]!;
  const Step: (props: StepProps) => React.ReactNode = STEP_COMPONENTS[step.id];
  const back = previousStage(stage);

  return (
    <div className="ls-onboarding">
      <header className="ls-onboarding__header">
        <Logo className="ls-onboarding__logo" />
        <div className="ls-row">
          <p className="ls-onboarding__count" aria-live="polite">
            Step {index + 1} of {ONBOARDING_STEPS.length}
          </p>
          {dismissed ? (
            <Button variant="plain" size="small" onClick={() => setDismissed(false)}>
              Show steps
            </Button>
          ) : null}
        </div>
      </header>
      <h1 className="ls-onboarding__heading">Set up your rewards program</h1>
      <div
        className="ls-progress"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={ONBOARDING_STEPS.length}
        aria-valuenow={index}
      >
        <div className="ls-progress__bar" style={{ width: `${(index / ONBOARDING_STEPS.length) * 100}%` }} />
      </div>
      <div className={`ls-onboarding__body${dismissed ? ' ls-onboarding__body--wide' : ''}`}>
        {dismissed ? null : (
          <section className="ls-card ls-onboarding__steps" aria-label="Steps">
            <ol>
              {ONBOARDING_STEPS.map((s, i) => (
                <li key={s.id} data-state={i < index ? 'done' : i === index ? 'current' : 'todo'} aria-current={i === index ? 'step' : undefined}>
                  <span className="ls-onboarding__bullet" aria-hidden="true">
                    {i < index ? '✓' : i + 1}
                  </span>
                  <span>
                    <strong>{s.title}</strong>
                    <br />
                    <span className="ls-muted">{s.summary}</span>
                  </span>
                  {i < index ? <span className="ls-visually-hidden"> (done)</span> : null}
                </li>
              ))}
            </ol>
            <Button variant="plain" size="small" onClick={() => setDismissed(true)}>
              Hide steps
            </Button>
          </section>
        )}
        <div className="ls-stack">
          {move.isError ? (
            <Banner tone="critical" title="Could not move to that step.">
              {errorMessage(move.error)}
            </Banner>
          ) : null}
          <Step key={step.id} stage={stage} advancing={move.isPending} onDone={() => move.mutate(nextStage(stage))} />
          {back !== null ? (
            <div>
              <Button disabled={move.isPending} onClick={() => move.mutate(back)}>{`Back to ${ONBOARDING_STEPS[index - 1]!.title}`}</Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
