import { z } from 'zod';

/**
 * What an API client may do: read, and report the store's custom events. Routes declare the
 * scope they need (`config.apiScope`); a client token reaches only those routes, and only with
 * that scope granted.
 */
export const API_SCOPES = ['customers:read', 'points:read', 'rules:read', 'events:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  'customers:read': 'Search and read customers',
  'points:read': "Read customers' points balances and history",
  'rules:read': 'Read the earning rules',
  'events:write': "Report custom events (POST /api/v1/points/event): the store's custom earning rules award their points",
};

export const apiScope = z.enum(API_SCOPES);
/** One or more distinct scopes. */
export const apiScopes = z
  .array(apiScope)
  .min(1, 'Choose at least one scope.')
  .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once.');

/** An OAuth `scope` parameter: space-separated scope names. */
export function parseScopeParameter(scope: string): ApiScope[] | null {
  const names = scope.split(' ').filter(Boolean);
  return names.every((name): name is ApiScope => apiScope.safeParse(name).success) ? [...new Set(names)] : null;
}
