import type { ReactNode } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { Button } from '../Button.tsx';
import { ModalShell } from './ModalShell.tsx';

/** A side sheet for editing one thing without leaving the list (React Aria modal). */
export function Drawer({ open, title, children, onClose }: { open: boolean; title: string; children: ReactNode; onClose: () => void }) {
  return (
    <ModalShell open={open} onClose={onClose} className="ls-drawer">
      <Dialog className="ls-drawer__dialog">
        <div className="ls-drawer__head">
          <Heading slot="title" className="ls-dialog__title">
            {title}
          </Heading>
          <Button onClick={onClose}>Close</Button>
        </div>
        <div className="ls-drawer__body">{children}</div>
      </Dialog>
    </ModalShell>
  );
}
