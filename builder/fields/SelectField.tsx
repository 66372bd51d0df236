/** A choice among fixed options; `optional` adds "Theme default" (the setting left unset). */
import { useId } from 'react';

const humanise = (value: string) => (value.charAt(0).toUpperCase() + value.slice(1)).replace(/[_-]/g, ' ');

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T | undefined;
  options: readonly T[];
  optionLabels?: Partial<Record<T, string>>;
  optional?: boolean;
  onChange(value: T | undefined): void;
}

export function SelectField<T extends string>({ label, value, options, optionLabels, optional, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="bs-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="bs-input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as T))}
      >
        {(optional || value === undefined) && <option value="">Theme default</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels?.[option] ?? humanise(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
