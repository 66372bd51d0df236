import { useId, useState } from 'react';
import { ComboBox as AriaComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';

export interface ComboOption {
  id: string;
  label: string;
}

/** A text field with suggestions (React Aria): type to filter, arrows to choose, Enter to pick. */
export function ComboBox({
  label,
  options,
  value,
  onChange,
  hint,
  onInput,
}: {
  label: string;
  options: ComboOption[];
  value: string | null;
  onChange: (id: string | null) => void;
  hint?: string;
  /** for options searched on the server: the typed text */
  onInput?: (text: string) => void;
}) {
  return (
    <AriaComboBox
      className="ls-field"
      selectedKey={value}
      onSelectionChange={(key) => onChange(key === null ? null : String(key))}
      defaultItems={options}
      {...(onInput ? { onInputChange: onInput } : {})}
    >
      <Label className="ls-field__label">{label}</Label>
      <Input className="ls-field__input" />
      {hint ? (
        <Text slot="description" className="ls-field__hint">
          {hint}
        </Text>
      ) : null}
      <OptionsPopover />
    </AriaComboBox>
  );
}

/**
 * Several choices from suggestions (React Aria): type to search, arrows and Enter to add one;
 * each chosen one is listed with its own remove button. `max={1}` makes it a single choice.
 */
export function MultiComboBox({
  label,
  options,
  selected,
  onChange,
  onInput,
  hint,
  error,
  status,
  max,
}: {
  label: string;
  options: ComboOption[];
  /** the chosen options, in order */
  selected: ComboOption[];
  onChange: (ids: string[]) => void;
  /** the typed text (options are searched on the server) */
  onInput: (text: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  /** what the suggestions' call says while it is not answered (loading or failure) */
  status?: string | undefined;
  max?: number;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const chosen = new Set(selected.map((option) => option.id));
  const add = (key: Key | null) => {
    if (key === null || chosen.has(String(key))) return;
    const ids = [...selected.map((option) => option.id), String(key)];
    onChange(max ? ids.slice(-max) : ids);
    setText('');
    onInput('');
  };
  return (
    <div className="ls-field">
      <AriaComboBox
        className="ls-combobox"
        selectedKey={null}
        inputValue={text}
        onInputChange={(value) => {
          setText(value);
          onInput(value);
        }}
        onSelectionChange={add}
        items={options.filter((option) => !chosen.has(option.id))}
        menuTrigger="focus"
        isInvalid={Boolean(error)}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : '', status ? `${id}-status` : ''].filter(Boolean).join(' ') || undefined}
      >
        <Label className="ls-field__label">{label}</Label>
        <Input className="ls-field__input" placeholder="Type to search" />
        <OptionsPopover emptyText="No match" />
      </AriaComboBox>
      {hint ? (
        <div id={`${id}-hint`} className="ls-field__hint">
          {hint}
        </div>
      ) : null}
      {status ? (
        <div id={`${id}-status`} className="ls-field__hint" role="status">
          {status}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="ls-field__error">
          {error}
        </div>
      ) : null}
      {selected.length ? (
        <ul className="ls-chips" aria-label={`${label}: chosen`}>
          {selected.map((option) => (
            <li key={option.id} className="ls-chip">
              <span>{option.label}</span>
              <button
                type="button"
                className="ls-chip__remove"
                aria-label={`Remove ${option.label}`}
                onClick={() => onChange(selected.filter((other) => other.id !== option.id).map((other) => other.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The options list both combo boxes open: one row per option, and what to say when nothing matches. */
function OptionsPopover({ emptyText }: { emptyText?: string }) {
  return (
    <Popover className="ls-popover">
      <ListBox<ComboOption> className="ls-listbox" renderEmptyState={emptyText ? () => <div className="ls-listbox__item">{emptyText}</div> : undefined}>
        {(item) => (
          <ListBoxItem id={item.id} className="ls-listbox__item">
            {item.label}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
