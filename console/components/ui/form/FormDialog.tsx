import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';
import { FormAlert } from './FormFields.tsx';

/**
 * A dialog holding one form: Cancel, any other `actions`, and the submit button in the footer
 * (tied to the form by `formId`), what went wrong above the fields.
 */
export function FormDialog({
  open,
  onClose,
  title,
  formId,
  submitLabel,
  busy,
  failure,
  onSubmit,
  actions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  formId: string;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          {actions}
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="ls-stack" onSubmit={onSubmit} noValidate>
        <FormAlert message={failure} />
        {children}
      </form>
    </Dialog>
  );
}
