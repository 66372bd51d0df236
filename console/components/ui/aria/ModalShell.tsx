import type { ReactNode } from 'react';
import { Modal, ModalOverlay } from 'react-aria-components';
import { overlayTransitionStyle } from './overlay.ts';

/**
 * The kit's one modal frame (React Aria): the overlay with the spec §9 transition, closed by
 * Escape or an outside press while `dismissable`, around the dialog or drawer it holds.
 */
export function ModalShell({
  open,
  onClose,
  dismissable = true,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  dismissable?: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      className="ls-modal-overlay"
      style={overlayTransitionStyle}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      isDismissable={dismissable}
    >
      <Modal className={className}>{children}</Modal>
    </ModalOverlay>
  );
}
