/**
 * A text setting: a labelled input or textarea bound to the document. Every keystroke runs a
 * command (the canvas follows at once); the history merges the burst; leaving the field ends it.
 * Text fields that accept placeholders get the insert menu of spec §3.
 */
import { useId, useRef } from 'react';
import { unknownPlaceholders } from '../../renderers/contract/index.ts';
import { PlaceholderMenu } from './PlaceholderMenu.tsx';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onCommit?: () => void;
  multiline?: boolean;
  maxLength?: number;
  placeholders?: boolean;
  hint?: string;
}

export function TextField({ label, value, onChange, onCommit, multiline, maxLength, placeholders, hint: givenHint }: TextFieldProps) {
  let hint = givenHint;
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const over = maxLength !== undefined && value.length > maxLength;
  const unknown = placeholders ? unknownPlaceholders(value) : [];
  const warning = unknown.length > 0 ? `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}: shoppers will see it as written` : undefined;
  hint = warning ?? hint;
  const insert = (token: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    onCommit?.();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const common = {
    id,
    ref,
    value,
    className: 'bs-input',
    'aria-invalid': over || undefined,
    'aria-describedby': over || hint ? `${id}-hint` : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onBlur: onCommit,
  };
  return (
    <div className="bs-field">
      <div className="bs-field__row">
        <label htmlFor={id}>{label}</label>
        {placeholders && <PlaceholderMenu fieldLabel={label} onInsert={insert} />}
      </div>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {(over || hint) && (
        <p id={`${id}-hint`} className={over ? 'bs-field__error' : 'bs-field__hint'}>
          {over ? `Keep this to ${maxLength} characters or fewer (${value.length} now)` : hint}
        </p>
      )}
    </div>
  );
}
