import { useViewOnlyReason, type Permission } from '../../lib/useCan.ts';

/** Where a screen hides what the signed-in role cannot do, this says so (nothing when the role may). */
export function ViewOnlyNote({ permission }: { permission: Permission }) {
  const reason = useViewOnlyReason(permission);
  return reason ? (
    <p role="note" className="ls-muted ls-view-only">
      {reason}
    </p>
  ) : null;
}
