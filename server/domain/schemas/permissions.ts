import { z } from 'zod';

/**
 * Staff roles and what each may do: the one permission table. Every console route declares the
 * permission it needs (`config.permission`; the app refuses to start with an authenticated route
 * that declares none), the server answers 403 naming the missing permission, and the console
 * hides what the signed-in role cannot do (`useCan`).
 */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export const roleField = z.enum(ROLES);

export const PERMISSIONS = [
  'account:use',
  'program:read',
  'customers:read',
  'customers:support',
  'customers:manage',
  'program:edit',
  'program:publish',
  'store:settings',
  'store:secrets',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'account:use': 'Use one’s own account: profile, password, sign-out, switching stores',
  'program:read': 'See the program: dashboard, rules, rewards, on-site display, emails, integrations, analytics',
  'customers:read': 'See customers, their points, rewards, orders and history; search',
  'customers:support':
    'Adjust or set a customer’s points, approve held points, use or roll back rewards, birthdays (staff moving at most the store’s cap in one go)',
  'customers:manage': 'Exclude or include customers, erase them, export customers, import orders, award points in bulk or by custom event',
  'program:edit': 'Change rules, rewards, coupons, expiry, emails, media and on-site display drafts',
  'program:publish': 'Publish or restore what shoppers see',
  'store:settings': 'Change store settings, channels, apps, API clients and order statuses',
  'store:secrets': 'Generate the store’s webhook HMAC secret',
};

const STAFF: readonly Permission[] = ['account:use', 'program:read', 'customers:read', 'customers:support'];
const ADMIN: readonly Permission[] = PERMISSIONS.filter((permission) => permission !== 'store:secrets');

/** The permission table: owner everything; admin everything but the webhook secret; staff read and support. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: ADMIN,
  staff: STAFF,
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including the webhook secret',
  admin: 'Everything but the webhook secret',
  staff: 'Read everything and support customers (points adjustments up to the store’s cap)',
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The largest adjustment (either sign) staff may make in one go unless the store sets its own cap. */
export const DEFAULT_STAFF_ADJUSTMENT_CAP = 1_000;
/** Roles whose adjustments the store's cap bounds. */
export const CAPPED_ROLES: readonly Role[] = ['staff'];
