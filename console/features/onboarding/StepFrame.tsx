import type { FormEvent, ReactNode } from 'react';
import { Banner } from '../../components/ui/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { errorMessage } from '../../lib/api/errors.ts';

export interface StepProps {
  stage: number;
  /** the step's own save succeeded or was skipped: move on */
  onDone: () => void;
  advancing: boolean;
}

interface StepFrameProps {
  title: string;
  intro: ReactNode;
  children?: ReactNode;
  onSubmit: () => void;
  saving: boolean;
  /** the step's save failed: say so and offer to skip */
  failure: unknown;
  onSkip: () => void;
  submitLabel?: string;
  advancing: boolean;
}

/** One wizard step: heading, form, a clear failure message with "Skip for now". */
export function StepFrame({ title, intro, children, onSubmit, saving, failure, onSkip, submitLabel = 'Save and continue', advancing }: StepFrameProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="ls-card ls-onboarding__step" onSubmit={submit} noValidate aria-labelledby="onboarding-step-title">
      <h2 id="onboarding-step-title" className="ls-onboarding__title">
        {title}
      </h2>
      <p className="ls-muted">{intro}</p>
      <div className="ls-stack">
        {failure ? (
          <Banner tone="critical" title="This step was not saved.">
            {errorMessage(failure)} Try again, or skip this step and set it up later from the navigation.
          </Banner>
        ) : null}
        {children}
      </div>
      <div className="ls-onboarding__actions">
        {failure ? (
          <Button onClick={onSkip} disabled={saving || advancing}>
            Skip for now
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={saving || advancing}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
