import { useContext, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';

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
 * Several choices from suggestions (React Aria): type to search (or ArrowDown, or the button, to
 * see the suggestions), arrows and Enter to add one; each chosen one is listed with its own remove
 * button. `max={1}` makes it a single choice.
 *
 * The suggestions may come from the server and answer late: the chosen options are the caller's
 * (`selected`, with their labels), never looked up in the current suggestions, so an answer that
 * arrives after a pick cannot drop or rename it. A pick closes the list; Escape closes only the
 * list while it is open (the drawer around stays); the closed list is unmounted.
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
  /** the chosen ids, and the option just added (as it was listed when picked) */
  onChange: (ids: string[], added?: ComboOption) => void;
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
  const list = useRef<ComboListControl | null>(null);
  const chosen = new Set(selected.map((option) => option.id));
  const listed = options.filter((option) => !chosen.has(option.id));
  const add = (key: Key | null) => {
    if (key === null || chosen.has(String(key))) return;
    const added = listed.find((option) => option.id === String(key));
    const ids = [...selected.map((option) => option.id), String(key)];
    onChange(max ? ids.slice(-max) : ids, added);
    setText('');
    onInput('');
    // a pick ends the search: the list closes, and a late answer does not reopen it
    list.current?.close();
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
        items={listed}
        allowsEmptyCollection
        isInvalid={Boolean(error)}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : '', status ? `${id}-status` : ''].filter(Boolean).join(' ') || undefined}
      >
        <Label className="ls-field__label">{label}</Label>
        <div className="ls-combobox__control">
          <ComboInput ref={list} />
          <AriaButton className="ls-combobox__button" aria-label="Show suggestions">
            <span aria-hidden="true">▾</span>
          </AriaButton>
        </div>
        <OptionsPopover emptyText={status ?? 'No match'} />
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

interface ComboListControl {
  close: () => void;
}

/**
 * The combo box's text field. React Aria lets Escape through to the dialog around when the field
 * is empty, even with the list open (closing a whole drawer to dismiss a list): here Escape with
 * the list open closes the list only. It also hands the caller a way to close the list.
 */
function ComboInput({ ref }: { ref: Ref<ComboListControl> }) {
  const state = useContext(ComboBoxStateContext);
  useImperativeHandle(ref, () => ({ close: () => state?.revert() }), [state]);
  return (
    <Input
      className="ls-field__input"
      placeholder="Type to search"
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Escape' && state?.isOpen) event.stopPropagation();
      }}
    />
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
