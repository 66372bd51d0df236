import { useId, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '../Field.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as `#rrggbb`: a hex text input labelled by the setting, and a swatch button that shows
 * react-colorful's picker (keyboard: its two sliders move with the arrow keys) writing into the
 * same field. The form's schema checks what is typed; the picker shows the last valid colour.
 */
export function ColourField<V extends FieldValues>({ name, label, hint, control }: { name: FieldPath<V>; label: string; hint?: string; control: Control<V> }) {
  const [open, setOpen] = useState(false);
  const pickerId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const shown = HEX.test(value) ? value : '#000000';
        return (
          <div className="ls-colour-field">
            <Field
              label={label}
              hint={hint}
              error={fieldState.error?.message}
              name={field.name}
              value={value}
              onChange={(event) => field.onChange(event.target.value.trim())}
              onBlur={field.onBlur}
              spellCheck={false}
              autoComplete="off"
              placeholder="#6b3f1d"
            />
            <div className="ls-colour-field__picker">
              <button
                type="button"
                className="ls-colour-field__swatch"
                style={{ background: shown }}
                aria-label={`Pick the ${label.toLowerCase()}`}
                aria-expanded={open}
                aria-controls={pickerId}
                onClick={() => setOpen(!open)}
              />
              <div id={pickerId} role="group" aria-label={`${label} picker`} hidden={!open}>
                {open ? (
                  <HexColorPicker
                    color={shown}
                    onChange={(hex) => {
                      field.onChange(hex);
                      field.onBlur();
                    }}
                  />
                ) : null}
              </div>
            </div>
          </div>
        );
      }}
    />
  );
}
