import { ComboBox as AriaComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';

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
      <Popover className="ls-popover">
        <ListBox<ComboOption> className="ls-listbox">
          {(item) => (
            <ListBoxItem id={item.id} className="ls-listbox__item">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
