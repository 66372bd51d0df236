import { useState } from 'react';
import { Field } from '../../components/ui/Field.tsx';
import { useCreateEarningRule } from './api/onboarding.ts';
import { usePointsLabel } from './saved-settings.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';

export const EARNING_TYPES = [
  { value: 'order', label: 'Place an order', unit: 'for every $1 spent' },
  { value: 'signup', label: 'Create an account', unit: 'once' },
  { value: 'birthday', label: 'Celebrate a birthday', unit: 'every year' },
] as const;

export function earningErrors(points: string): Record<string, string> {
  const value = Number(points);
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? {} : { points: 'Enter a whole number of points from 1 to 100000.' };
}

/** Stage 4: the first earning rule (POST /points/store). */
export function EarningStep({ onDone, advancing }: StepProps) {
  const [type, setType] = useState<(typeof EARNING_TYPES)[number]['value']>('order');
  const [points, setPoints] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = EARNING_TYPES.find((t) => t.value === type)!;
  const pointsLabel = usePointsLabel();
  const save = useCreateEarningRule();
  return (
    <StepFrame
      title="First way to earn"
      intro="Start with one rule; you can add more ways to earn under Points at any time."
      saving={save.isPending}
      advancing={advancing}
      failure={save.error}
      onSkip={onDone}
      onSubmit={() => {
        const found = earningErrors(points);
        setErrors(found);
        if (!found.points) save.mutate({ type, title: chosen.label, points: Number(points), status: 'active' }, { onSuccess: onDone });
      }}
    >
      <fieldset className="ls-choice">
        <legend className="ls-field__label">{`Members earn ${pointsLabel} when they`}</legend>
        {EARNING_TYPES.map((option) => (
          <label key={option.value} className="ls-choice__option">
            <input type="radio" name="earning-type" value={option.value} checked={type === option.value} onChange={() => setType(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <Field
        label="Points"
        type="number"
        inputMode="numeric"
        min={1}
        value={points}
        error={errors.points}
        hint={`${pointsLabel} ${chosen.unit}`}
        onChange={(e) => setPoints(e.target.value)}
      />
    </StepFrame>
  );
}
