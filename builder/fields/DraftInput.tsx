/**
 * An input whose text may be invalid while typing (a half-typed colour, URL or number): the
 * document only receives values that `parse` accepts; otherwise the field shows `error`.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';

export interface DraftInputProps<T> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  value: T;
  format(value: T): string;
  /** the value for `text`, or undefined when invalid */
  parse(text: string): { ok: true; value: T } | { ok: false; error: string };
  onChange(value: T): void;
  onCommit?: (() => void) | undefined;
  hideLabel?: boolean;
}

export function DraftInput<T>({ label, value, format, parse, onChange, onCommit, hideLabel, ...rest }: DraftInputProps<T>) {
  const id = useId();
  // null while not typing: the field then shows the document's value (undo, other tabs…)
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? format(value);
  const parsed = draft === null ? null : parse(draft);
  const error = parsed && !parsed.ok ? parsed.error : null;
  return (
    <div className="bs-draft">
      <label htmlFor={id} className={hideLabel ? 'bs-visually-hidden' : undefined}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className="bs-input"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onFocus={() => setDraft(format(value))}
        onChange={(event) => {
          setDraft(event.target.value);
          const result = parse(event.target.value);
          if (result.ok) onChange(result.value);
        }}
        onBlur={() => {
          setDraft(null);
          onCommit?.();
        }}
      />
      {error && (
        <p id={`${id}-error`} className="bs-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
