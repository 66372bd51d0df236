export { Button, ButtonLink, type ButtonVariant } from './Button.tsx';
export { Dialog } from './Dialog.tsx';
export { ToastProvider, useToast, type ToastOptions } from './Toast.tsx';
export { toastDuration } from './toast-timing.ts';
export { Menu, type MenuItem } from './Menu.tsx';
export { Field, Checkbox } from './Field.tsx';
export { EmptyState } from './EmptyState.tsx';
export { PageHeader, Banner } from './PageHeader.tsx';
export { ActionList, type ActionListItem } from './ActionList.tsx';
