/**
 * A button that opens a floating panel beside it (a dialog or a menu): @floating-ui places it,
 * Escape and a press outside close it, focus moves in and comes back to the button. The floating
 * machinery is mounted only while the panel is open, so the many closed popovers of the
 * Inspector cost nothing when a field re-renders on a keystroke.
 */
import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

interface PanelOptions {
  role?: 'dialog' | 'menu';
  /** the panel's accessible name */
  label?: string;
  /** classes added to `bs-popover` */
  className?: string;
  placement?: Placement;
  /** distance from the button, px */
  gap?: number;
}

export interface PopoverProps extends PanelOptions {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** the opening button's props and content */
  trigger: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>;
  children: ReactNode;
}

function FloatingPanel({
  anchor,
  onClose,
  role = 'dialog',
  label,
  className,
  placement = 'left-start',
  gap = 8,
  children,
}: PanelOptions & { anchor: HTMLElement; onClose(): void; children: ReactNode }) {
  const {
    refs: { setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: true,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
    elements: { reference: anchor },
    placement,
    middleware: [offset(gap), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role })]);
  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={false}>
        <div
          ref={setFloating}
          style={floatingStyles}
          className={className ? `bs-popover ${className}` : 'bs-popover'}
          aria-label={label}
          {...getFloatingProps()}
        >
          {children}
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}

export function Popover({ open, onOpenChange, trigger, children, ...panel }: PopoverProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button type="button" ref={setAnchor} aria-haspopup={panel.role ?? 'dialog'} aria-expanded={open} {...trigger} onClick={() => onOpenChange(!open)} />
      {open && anchor && (
        <FloatingPanel anchor={anchor} onClose={() => onOpenChange(false)} {...panel}>
          {children}
        </FloatingPanel>
      )}
    </>
  );
}
