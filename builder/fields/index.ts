export { TextField } from './TextField.tsx';
export { NumberField } from './NumberField.tsx';
export { UrlField } from './UrlField.tsx';
export { SelectField } from './SelectField.tsx';
export { SwitchField } from './SwitchField.tsx';
export { ColourField } from './ColourField.tsx';
export { ImageField } from './ImageField.tsx';
export { ListEditor } from './ListEditor.tsx';
export { PlaceholderMenu, PLACEHOLDER_LABELS } from './PlaceholderMenu.tsx';
