import { useId, useState } from 'react';
import { Controller, useFormState, type Control, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { Field } from '../Field.tsx';
import { fieldError } from './FormFields.tsx';
import { Switch } from '../aria/Switch.tsx';

interface Props<V extends FieldValues> {
  name: FieldPath<V>;
  label: string;
  hint?: string;
  control: Control<V>;
}

/** A native select (keyboard and screen readers know it) with its label and error. */
export function SelectField<V extends FieldValues>({
  name,
  label,
  hint,
  control,
  register,
  options,
}: Props<V> & { register: UseFormRegister<V>; options: ReadonlyArray<readonly [string, string]> }) {
  const id = useId();
  const { errors } = useFormState({ control, name });
  const error = fieldError(errors, name);
  return (
    <div className="ls-field">
      <label className="ls-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ls-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        {...register(name)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hint ? (
        <div id={`${id}-hint`} className="ls-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="ls-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A list of ids or words typed comma separated; the form holds the array. */
export function ListField<V extends FieldValues>({ name, label, hint, control }: Props<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ListInput
          label={label}
          hint={hint}
          value={field.value as string[] | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function ListInput({
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  hint?: string | undefined;
  value: string[] | undefined;
  onChange: (next: string[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const [text, setText] = useState(() => (value ?? []).join(', '));
  return (
    <Field
      label={label}
      hint={hint ?? 'Separate them with commas.'}
      error={error}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(
          event.target.value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** The rule's status ('active' / 'inactive') as a switch. */
export function StatusField<V extends FieldValues>({ name, control }: Pick<Props<V>, 'name' | 'control'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch isSelected={field.value === 'active'} onChange={(on) => field.onChange(on ? 'active' : 'inactive')} onBlur={field.onBlur}>
          Active
        </Switch>
      )}
    />
  );
}
