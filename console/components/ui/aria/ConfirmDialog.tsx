import type { ReactNode } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { Button } from '../Button.tsx';
import { ModalShell } from './ModalShell.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** a destructive action is drawn as such */
  tone?: 'critical' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone (React Aria modal: focus trapped, Escape cancels, focus returns). */
export function ConfirmDialog({ open, title, children, confirmLabel, tone = 'critical', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalShell open={open} onClose={onCancel} dismissable={!busy} className="ls-modal">
      <Dialog role="alertdialog" className="ls-dialog">
        <Heading slot="title" className="ls-dialog__title">
          {title}
        </Heading>
        <div className="ls-dialog__body">{children}</div>
        <div className="ls-dialog__footer">
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={tone} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </Dialog>
    </ModalShell>
  );
}
