import { useState } from 'react';
import { Field } from '../../components/ui/Field.tsx';
import { useConsole } from '../../state/store.ts';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { useSaveProgramBasics } from './api/onboarding.ts';
import { useSavedSettings } from './saved-settings.ts';

export function basicsErrors(values: { programName: string; pointsLabel: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.programName.trim()) errors.programName = 'Enter a program name.';
  if (!values.pointsLabel.trim()) errors.pointsLabel = 'Enter what you call your points.';
  return errors;
}

/** Stage 2: program name and points label. */
export function BasicsStep({ onDone, advancing }: StepProps) {
  const storeTitle = useConsole((s) => s.user.users?.store?.title ?? 'My store');
  const saved = useSavedSettings();
  const [programName, setProgramName] = useState(saved.program_name ?? `${storeTitle} Rewards`.slice(0, 60));
  const [pointsLabel, setPointsLabel] = useState(saved.points_label ?? 'points');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProgramBasics();
  return (
    <StepFrame
      title="Program basics"
      intro="Give your program a name shoppers will recognise, and choose what you call your points."
      saving={save.isPending}
      advancing={advancing}
      failure={save.error}
      onSkip={onDone}
      onSubmit={() => {
        const found = basicsErrors({ programName, pointsLabel });
        setErrors(found);
        if (Object.keys(found).length === 0) save.mutate({ program_name: programName.trim(), points_label: pointsLabel.trim() }, { onSuccess: onDone });
      }}
    >
      <Field label="Program name" value={programName} error={errors.programName} maxLength={60} onChange={(e) => setProgramName(e.target.value)} />
      <Field
        label="Points label"
        value={pointsLabel}
        error={errors.pointsLabel}
        maxLength={30}
        hint="Shown wherever {points_label} appears, e.g. “You have 120 points”."
        onChange={(e) => setPointsLabel(e.target.value)}
      />
    </StepFrame>
  );
}
