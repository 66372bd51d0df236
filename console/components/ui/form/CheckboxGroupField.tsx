import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../Field.tsx';

export interface CheckboxOption {
  value: string;
  label: string;
  hint?: ReactNode;
}

/** A string-array field drawn as a group of checkboxes under a legend; its error is shown under the group. */
export function CheckboxGroupField<V extends FieldValues>({
  control,
  name,
  legend,
  options,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  legend: string;
  options: CheckboxOption[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value ?? []) as string[];
        return (
          <fieldset className="ls-choice">
            <legend className="ls-field__label">{legend}</legend>
            {options.map((option) => (
              <Checkbox
                key={option.value}
                label={option.label}
                hint={option.hint}
                checked={chosen.includes(option.value)}
                onChange={(event) => field.onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
              />
            ))}
            {fieldState.error ? <div className="ls-field__error">{fieldState.error.message}</div> : null}
          </fieldset>
        );
      }}
    />
  );
}
