import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading } from 'react-aria-components';
import { Button } from './Button.tsx';
import { ModalShell } from './aria/ModalShell.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A modal dialog (React Aria): named by its title, focus trapped and returned to where it was,
 * Escape and an outside press ask to close, spec §9 200 ms transition.
 */
export function Dialog({ open, onClose, title, children, footer }: DialogProps) {
  return (
    <ModalShell open={open} onClose={onClose} className="ls-modal ls-modal--wide">
      <AriaDialog className="ls-dialog">
        <div className="ls-dialog__header">
          <Heading slot="title" className="ls-dialog__title">
            {title}
          </Heading>
          <Button variant="plain" size="small" onClick={onClose} aria-label="Close">
            ✕
          </Button>
        </div>
        <div className="ls-dialog__body">{children}</div>
        {footer ? <div className="ls-dialog__footer">{footer}</div> : null}
      </AriaDialog>
    </ModalShell>
  );
}
