import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
}

/** A labelled input with hint and error wired by id (screen readers announce both). */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="ls-field">
      <label className="ls-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ls-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? (
        <div id={hintId} className="ls-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="ls-field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: ReactNode;
}

export function Checkbox({ label, hint, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className="ls-check">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <div>
        <label htmlFor={id} className="ls-field__label">
          {label}
        </label>
        {hint ? (
          <div id={`${id}-hint`} className="ls-field__hint">
            {hint}
          </div>
        ) : null}
      </div>
    </div>
  );
}
