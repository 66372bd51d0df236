/**
 * A colour setting: a swatch that opens react-colorful in a floating-ui popover, and a hex input
 * labelled by the setting. Only valid colours reach the document; `optional` settings can be
 * reset to the theme.
 */
import { Popover } from './Popover.tsx';
import { useCallback, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { MESSAGES, isColour, parseColour } from '../../renderers/contract/index.ts';
import { DraftInput } from './DraftInput.tsx';

const byte = (n: number) => Math.round(n).toString(16).padStart(2, '0');
const toHex = (value: string | undefined): string => {
  const rgba = value ? parseColour(value) : null;
  if (!rgba) return '#000000';
  return `#${byte(rgba.r)}${byte(rgba.g)}${byte(rgba.b)}`;
};

export interface ColourFieldProps {
  label: string;
  value: string | undefined;
  optional?: boolean;
  onChange(value: string | undefined): void;
  onCommit?: () => void;
}

export function ColourField({ label, value, optional, onChange, onCommit }: ColourFieldProps) {
  const [open, setOpen] = useState(false);
  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) onCommit?.();
  };
  const format = useCallback((v: string | undefined) => v ?? '', []);
  const parse = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (trimmed === '' && optional) return { ok: true as const, value: undefined };
      return isColour(trimmed) ? { ok: true as const, value: trimmed } : { ok: false as const, error: MESSAGES.colour };
    },
    [optional],
  );
  return (
    <div className="bs-field bs-colour">
      <DraftInput
        label={label}
        type="text"
        spellCheck={false}
        value={value}
        format={format}
        parse={parse}
        onChange={onChange}
        onCommit={onCommit}
        placeholder={optional ? 'Theme default' : undefined}
      />
      <Popover
        open={open}
        onOpenChange={toggle}
        label={label}
        trigger={{ className: 'bs-colour__swatch', 'aria-label': `Pick ${label}`, style: { background: value && isColour(value) ? value : 'transparent' } }}
      >
        <HexColorPicker color={toHex(value)} onChange={onChange} />
        {optional && value !== undefined && (
          <button
            type="button"
            className="bs-link-button"
            onClick={() => {
              onChange(undefined);
              toggle(false);
            }}
          >
            Use theme colour
          </button>
        )}
      </Popover>
    </div>
  );
}
