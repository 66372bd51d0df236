/** Staff roles and the permission table (defined once in the domain; the console's `useCan` reads it here). */
export {
  CAPPED_ROLES,
  DEFAULT_STAFF_ADJUSTMENT_CAP,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_PERMISSIONS,
  ROLES,
  can,
  type Permission,
  type Role,
} from '../domain/schemas/permissions.ts';
