import { useState, type ReactNode } from 'react';
import { currencySymbol, inputToMinor, minorToInput } from '../../../lib/money-input.ts';
import { useStoreCurrency } from '../../../lib/useStoreCurrency.ts';
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

/**
 * An amount of money in the store's currency (its symbol in the label, the locale's decimal
 * separator), kept in the form as an integer of minor units (DESIGN.md §5).
 */
export function MoneyField<V extends FieldValues>({ name, label, hint, control, currency }: Named<V> & { control: Control<V>; currency?: string }) {
  const storeCurrency = useStoreCurrency();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          label={`${label} (${currencySymbol(currency ?? storeCurrency)})`}
          hint={hint}
          error={fieldState.error?.message}
          minor={typeof field.value === 'number' ? field.value : null}
          currency={currency ?? storeCurrency}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

function MoneyInput(props: {
  label: string;
  hint: ReactNode;
  error: string | undefined;
  minor: number | null;
  currency: string;
  onChange: (minor: number | null) => void;
  onBlur: () => void;
}) {
  const { minor, currency } = props;
  const [text, setText] = useState(() => (minor === null ? '' : minorToInput(minor, currency)));
  const [invalid, setInvalid] = useState(false);
  // a value set from outside (a reset, another form's answer) shows as typed money
  const [shown, setShown] = useState(minor);
  if (minor !== shown) {
    setShown(minor);
    if (minor === null || inputToMinor(text, currency) !== minor) setText(minor === null ? '' : minorToInput(minor, currency));
  }
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? (invalid ? `Enter an amount such as ${minorToInput(500, currency)}.` : undefined)}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const read = inputToMinor(typed, currency);
        setText(typed);
        setInvalid(typed.trim() !== '' && read === null);
        setShown(read);
        props.onChange(read);
      }}
      onBlur={props.onBlur}
    />
  );
}
