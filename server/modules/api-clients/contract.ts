import { z } from 'zod';
import { pageOf, pageParams } from '../../domain/schemas/fields.ts';
import { API_SCOPES, SCOPE_DESCRIPTIONS, apiScopes, type ApiScope } from '../../domain/schemas/api-scopes.ts';

export { API_SCOPES, SCOPE_DESCRIPTIONS, type ApiScope };

const clientName = z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.');

/** POST /api/v1/oauth/clients */
export const apiClientCreateBody = z.strictObject({ name: clientName, scopes: apiScopes });
export type ApiClientCreateBody = z.infer<typeof apiClientCreateBody>;

/** PATCH /api/v1/oauth/clients/{id}: name, scopes or both. */
export const apiClientUpdateBody = z
  .strictObject({ name: clientName.optional(), scopes: apiScopes.optional() })
  .refine((body) => body.name !== undefined || body.scopes !== undefined, 'Send a name or scopes.');

/** GET /api/v1/oauth/clients?search&page&per_page */
export const apiClientListQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  ...pageParams,
});

export const apiClientRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiClientRecord = z.infer<typeof apiClientRecord>;

/** The create answer: the secret appears here once and never again. */
export const apiClientCreated = apiClientRecord.extend({ client_secret: z.string() });
export type ApiClientCreated = z.infer<typeof apiClientCreated>;

export const apiClientPage = pageOf(apiClientRecord);
export type ApiClientPage = z.infer<typeof apiClientPage>;

/** POST /oauth/token (form or JSON), RFC 6749 §4.4 client credentials. */
export const tokenRequestBody = z.object({
  grant_type: z.string().max(100),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(500).optional(),
});
export const tokenAnswer = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int(), scope: z.string() });
