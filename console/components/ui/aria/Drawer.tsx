import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button.tsx';
import { overlayTransitionStyle } from './overlay.ts';

/** A side sheet for editing one thing without leaving the list (React Aria modal). */
export function Drawer({ open, title, children, onClose }: { open: boolean; title: string; children: ReactNode; onClose: () => void }) {
  return (
    <ModalOverlay
      className="ls-modal-overlay"
      style={overlayTransitionStyle}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      isDismissable
    >
      <Modal className="ls-drawer">
        <Dialog className="ls-drawer__dialog">
          <div className="ls-drawer__head">
            <Heading slot="title" className="ls-dialog__title">
              {title}
            </Heading>
            <Button onClick={onClose}>Close</Button>
          </div>
          <div className="ls-drawer__body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
