import { useId, type ReactNode } from 'react';
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
  useTransitionStyles,
} from '@floating-ui/react';
import { CONSOLE_CONSTANTS } from '../../lib/constants.ts';
import { Button } from './Button.tsx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A modal dialog: focus trapped, Escape and outside click close it, spec §9 200 ms transition. */
export function Dialog({ open, onClose, title, children, footer }: DialogProps) {
  const titleId = useId();
  const {
    refs: { setFloating },
    context,
  } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const { getFloatingProps } = useInteractions([useDismiss(context, { outsidePressEvent: 'mousedown' }), useRole(context, { role: 'dialog' })]);
  const { isMounted, styles } = useTransitionStyles(context, {
    duration: CONSOLE_CONSTANTS.dialogTransitionMs,
    initial: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  });
  if (!isMounted) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay className="ls-dialog-overlay" lockScroll>
        <FloatingFocusManager context={context}>
          <div ref={setFloating} className="ls-dialog" aria-labelledby={titleId} aria-modal="true" style={styles} {...getFloatingProps()}>
            <div className="ls-dialog__header">
              <h2 id={titleId}>{title}</h2>
              <Button variant="plain" size="small" onClick={onClose} aria-label="Close">
                ✕
              </Button>
            </div>
            <div className="ls-dialog__body">{children}</div>
            {footer ? <div className="ls-dialog__footer">{footer}</div> : null}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
