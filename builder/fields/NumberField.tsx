/** A whole number within bounds; empty clears an optional setting. */
import { useCallback } from 'react';
import { DraftInput } from './DraftInput.tsx';

export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  unit?: string;
  optional?: boolean;
  onChange(value: number | undefined): void;
  onCommit?: () => void;
}

export function NumberField({ label, value, min, max, unit, optional, onChange, onCommit }: NumberFieldProps) {
  const format = useCallback((v: number | undefined) => (v === undefined ? '' : String(v)), []);
  const parse = useCallback(
    (text: string) => {
      if (text.trim() === '' && optional) return { ok: true as const, value: undefined };
      const n = Number(text);
      if (!Number.isInteger(n)) return { ok: false as const, error: 'Enter a whole number' };
      if (n < min || n > max) return { ok: false as const, error: `Enter a number from ${min} to ${max}` };
      return { ok: true as const, value: n };
    },
    [min, max, optional],
  );
  return (
    <div className="bs-field">
      <DraftInput
        label={unit && unit !== 'columns' ? `${label} (${unit})` : label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        format={format}
        parse={parse}
        onChange={onChange}
        onCommit={onCommit}
      />
    </div>
  );
}
