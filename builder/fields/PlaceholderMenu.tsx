/** The menu that inserts a template placeholder (spec §3) into a text field. */
import { FloatingFocusManager, FloatingPortal, autoUpdate, flip, offset, shift, useClick, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useState } from 'react';
import { PLACEHOLDERS } from '../../renderers/schema/index.ts';

export const PLACEHOLDER_LABELS: Record<(typeof PLACEHOLDERS)[number], string> = {
  first_name: 'First name',
  loyalty_points_balance: 'Points balance',
  points_label: 'Points label',
  customer_name: 'Customer name',
  points_earned: 'Points earned',
  referrals_earned: 'Referrals earned',
  full_name: 'Full name',
};

export function PlaceholderMenu({ fieldLabel, onInsert }: { fieldLabel: string; onInsert(token: string): void }) {
  const [open, setOpen] = useState(false);
  const { refs: { setReference, setFloating }, floatingStyles, context } = useFloating({ open, onOpenChange: setOpen, placement: 'bottom-end', middleware: [offset(4), flip(), shift()], whileElementsMounted: autoUpdate });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context), useRole(context, { role: 'menu' })]);
  return (
    <>
      <button type="button" className="bs-link-button" ref={setReference} {...getReferenceProps()} aria-label={`Insert placeholder into ${fieldLabel}`}>
        Insert placeholder
      </button>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div ref={setFloating} style={floatingStyles} className="bs-popover bs-menu" {...getFloatingProps()}>
              {PLACEHOLDERS.map((name) => (
                <button key={name} type="button" role="menuitem" className="bs-menu__item" onClick={() => { onInsert(`{${name}}`); setOpen(false); }}>
                  {PLACEHOLDER_LABELS[name]} <code>{`{${name}}`}</code>
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
