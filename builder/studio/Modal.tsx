/**
 * A modal dialog of the studio: named by its title, focus moved into it and kept there (Tab
 * cycles through its controls), Escape or a click on the backdrop cancels, and focus goes back
 * to the control that opened it. Keys pressed inside it never reach the studio's shortcuts.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: string;
  onCancel(): void;
  /** focused again when the modal closes */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Modal({ title, onCancel, returnFocusTo, children }: ModalProps) {
  const titleId = `bs-modal-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.focus();
    const opener = returnFocusTo?.current;
    return () => opener?.focus();
  }, [returnFocusTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable.at(-1)!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="bs-modal" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className="bs-modal__dialog" onKeyDown={onKeyDown}>
        <h2 id={titleId} className="bs-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
