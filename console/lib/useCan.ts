import { can, PERMISSION_DESCRIPTIONS, type Permission } from '../../server/contract/permissions.ts';
import { useConsole } from '../state/store.ts';

export type { Permission };

const useRole = () => useConsole((s) => s.user.users?.role ?? s.user.loginRes?.user.role ?? null);

/**
 * Whether the signed-in user's role on the current store grants this permission (the server's
 * own table, server/domain/schemas/permissions.ts): screens hide what the role cannot do.
 */
export function useCan(permission: Permission): boolean {
  return can(useRole(), permission);
}

/** What a screen says where it hides what the role cannot do, e.g. "View only: your role (staff) cannot change rules, …". */
export const viewOnlyReason = (role: string, permission: Permission): string => {
  const what = PERMISSION_DESCRIPTIONS[permission];
  return `View only: your role (${role}) cannot ${what.charAt(0).toLowerCase()}${what.slice(1)}.`;
};

/** Why the signed-in role may not do this, or undefined when it may. */
export function useViewOnlyReason(permission: Permission): string | undefined {
  const role = useRole();
  return can(role, permission) ? undefined : viewOnlyReason(role ?? 'none', permission);
}
