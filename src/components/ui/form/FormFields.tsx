import type { ReactNode } from 'react';
import { Controller, useFormState, type Control, type FieldPath, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { Field } from '../Field.tsx';
import { Banner } from '../PageHeader.tsx';
import { Switch } from '../aria/Switch.tsx';

interface Named<V extends FieldValues> {
  name: FieldPath<V>;
  label: string;
  hint?: ReactNode;
}

/** The error message of a (possibly nested) field. */
export function fieldError(errors: Record<string, unknown>, name: string): string | undefined {
  const found = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  return (found as { message?: string } | undefined)?.message;
}

/** A text input registered on the form; its error (client or server) is announced with it. */
export function TextField<V extends FieldValues>({
  name,
  label,
  hint,
  register,
  control,
  ...input
}: Named<V> & {
  register: UseFormRegister<V>;
  control: Control<V>;
  type?: string;
  inputMode?: 'url' | 'email' | 'text' | 'numeric';
  placeholder?: string;
  autoComplete?: string;
}) {
  const { errors } = useFormState({ control, name });
  return <Field label={label} hint={hint} error={fieldError(errors, name)} {...input} {...register(name)} />;
}

/** A boolean field drawn as a React Aria switch. */
export function SwitchField<V extends FieldValues>({ name, label, hint, control }: Named<V> & { control: Control<V> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch isSelected={Boolean(field.value)} onChange={field.onChange} onBlur={field.onBlur} hint={hint}>
          {label}
        </Switch>
      )}
    />
  );
}

/** The form's own message (a failed save), above its fields. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? <Banner tone="critical">{message}</Banner> : null;
}

/** A whole-number input: empty is "not set" (null where the field allows it), anything else a number for the contract's checks. */
export function NumberField<V extends FieldValues>({
  name,
  label,
  hint,
  control,
  register,
  empty = 'undefined',
}: Named<V> & { control: Control<V>; register: UseFormRegister<V>; empty?: 'null' | 'undefined' }) {
  const { errors } = useFormState({ control, name });
  const input = register(name, {
    setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? (empty === 'null' ? null : undefined) : Number(value)),
  });
  return <Field label={label} hint={hint} error={fieldError(errors, name)} type="number" inputMode="numeric" step={1} {...input} />;
}
