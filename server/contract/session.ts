import { z } from 'zod';
import { roleField } from '../domain/schemas/permissions.ts';
import { emailField } from './common.ts';

/** A PKCE code verifier (RFC 7636 §4.1): 43 to 128 unreserved characters. */
export const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * POST /api/v1/account/login: the one-time code from /auth-check with the verifier of the browser
 * that started the sign-in (PKCE), or email and password.
 */
export const loginBody = z.union([
  z.strictObject({
    code: z.string().min(1).max(200),
    code_verifier: z.string().regex(VERIFIER_PATTERN, 'The sign-in was not started in this browser. Please sign in again.'),
  }),
  z.strictObject({ email: emailField, password: z.string().min(1, 'Enter your password.').max(1000) }),
]);
export type LoginBody = z.infer<typeof loginBody>;

const USER_STATUSES = ['active', 'inactive'] as const;
export const userStatusBody = z.strictObject({ status: z.enum(USER_STATUSES) });
/** Onboarding stage (spec §4): starts at 2; 2, 4, 6, 8, 10, 12 send the user to /onboarding. */
export const passwordChangeBody = z.strictObject({
  current_password: z.string().min(1, 'Enter your current password.').max(200),
  password: z.string().min(8, 'Use at least 8 characters.').max(200),
});

export const userStageBody = z.strictObject({ stage: z.number().int().min(0).max(100) });

export const storeSummary = z.object({
  id: z.number(),
  store_id: z.number(),
  title: z.string(),
  platform: z.string(),
  store_name: z.string(),
  domain: z.string().nullable(),
  access_token: z.string().nullable(),
  has_hmac_secret: z.boolean(),
  settings: z.looseObject({ website: z.string(), email_settings: z.looseObject({ unlayer: z.boolean() }) }),
});
export type StoreRecord = z.infer<typeof storeSummary>;

export const userRecord = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleField.nullable(),
  stage: z.number(),
  status: z.string(),
  /** signed in before this session: the console welcomes a first visit, and welcomes back the others */
  returning: z.boolean().optional(),
  store: storeSummary.nullable(),
});
export type UserRecord = z.infer<typeof userRecord>;

/** The login result (spec §3). */
export const loginResult = z.object({
  token: z.string(),
  store_access_token: z.string().nullable(),
  user: userRecord.extend({ user_access_token: z.string() }),
});
export type LoginResult = z.infer<typeof loginResult>;
