import { can, type Permission } from '../../server/contract/permissions.ts';
import { useConsole } from '../state/store.ts';

export type { Permission };

/**
 * Whether the signed-in user's role on the current store grants this permission (the server's
 * own table, server/domain/schemas/permissions.ts): screens hide what the role cannot do.
 */
export function useCan(permission: Permission): boolean {
  const role = useConsole((s) => s.user.users?.role ?? s.user.loginRes?.user.role ?? null);
  return can(role, permission);
}
