import type { ReactNode } from 'react';
import { useCan, type Permission } from '../../lib/useCan.ts';
import { ViewOnlyNote } from './ViewOnlyNote.tsx';

/**
 * A form's fields and buttons, disabled with the reason when the signed-in role lacks the
 * permission the save needs (the server would refuse it), instead of a refusal after acting.
 */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  const allowed = useCan(permission);
  return (
    <fieldset className="ls-permitted" disabled={!allowed}>
      <ViewOnlyNote permission={permission} />
      {children}
    </fieldset>
  );
}
