import type { Db } from '../db/connection.ts';
import type { Config } from '../config.ts';
import type { Role, Store, User } from '../db/schema.ts';
import { createApiSession, defaultStoreOf } from './sessions.ts';

/** The sign-in provider's own session: a cookie under /auth, so a return visit (or a platform's install) skips the form. */
export const PROVIDER_COOKIE = 'ls_provider_session';
export const PROVIDER_COOKIE_OPTIONS = { path: '/auth', httpOnly: true, sameSite: 'lax' as const, secure: 'auto' as const };

/**
 * The provider cookie's attributes, partitioned or not. A partitioned one (CHIPS) is kept for a
 * cross-site frame only (a platform's control panel framing the console): `SameSite=None; Secure;
 * Partitioned`. A browser drops a cookie only when told so with the same attributes, so its session
 * remembers which it was, and signing out clears it with these.
 */
export const providerCookieOptions = (partitioned: boolean) =>
  partitioned ? { ...PROVIDER_COOKIE_OPTIONS, sameSite: 'none' as const, secure: true, partitioned: true } : PROVIDER_COOKIE_OPTIONS;

/** A console session just opened, on the user's default store (HTTP presents it as spec §3's login result). */
export interface OpenedSession {
  token: string;
  userAccessToken: string;
  user: User;
  role: Role | null;
  store: Store | null;
}

/** Opens a console session for the user on their default store, counting the sign-in. */
export async function completeLogin(db: Db, userId: number, now: Date, config: Config): Promise<OpenedSession> {
  const user = await db
    .updateTable('users')
    .set((eb) => ({ sign_ins: eb('sign_ins', '+', 1) }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const store = (await defaultStoreOf(db, userId)) ?? null;
  const membership = store
    ? await db.selectFrom('memberships').select('role').where('user_id', '=', userId).where('store_id', '=', store.id).executeTakeFirst()
    : undefined;
  const session = await createApiSession(db, userId, store?.id ?? null, now, config.sessionTtlMs);
  return { token: session.token, userAccessToken: session.userAccessToken, user, role: membership?.role ?? null, store };
}
