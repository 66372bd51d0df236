import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Role, Store, User } from '../db/schema.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';
import { challengeOf } from './pkce.ts';
import { purgeRateLimitHits } from './rate-limits.ts';
import { purgeSignInFailures } from './throttle.ts';

export interface Authenticated {
  sessionId: number;
  user: User;
  store: Store;
  role: Role;
}

/** The user whose email and password match, or null (same cost either way). */
export async function checkCredentials(db: Db, email: string, password: string): Promise<User | null> {
  const user = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  return user && valid ? user : null;
}

/** A one-time code that the console exchanges at POST /account/login, bound to the sign-in's S256 challenge. */
export async function issueLoginCode(db: Db, userId: number, challenge: string, now: Date, ttlMs: number): Promise<string> {
  const code = newToken(24);
  await db
    .insertInto('login_codes')
    .values({ code_hash: hashToken(code), user_id: userId, challenge, expires_at: new Date(now.getTime() + ttlMs) })
    .execute();
  return code;
}

/**
 * Marks the code used (atomically, so it works once) and returns its user id — only with the
 * verifier of the browser that started the sign-in; a wrong verifier leaves the code unused.
 */
export async function consumeLoginCode(db: Db, code: string, verifier: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('login_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hashToken(code))
    .where('challenge', '=', challengeOf(verifier))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The store a new session starts on: the user's oldest store that has an access token. */
export async function defaultStoreOf(db: Db, userId: number): Promise<Store | undefined> {
  return db
    .selectFrom('stores')
    .innerJoin('memberships', 'memberships.store_id', 'stores.id')
    .selectAll('stores')
    .where('memberships.user_id', '=', userId)
    .where('stores.access_token', 'is not', null)
    .orderBy('stores.id')
    .executeTakeFirst();
}

export interface NewSession {
  token: string;
  userAccessToken: string;
}

export async function createApiSession(db: Db, userId: number, storeId: number | null, now: Date, ttlMs: number): Promise<NewSession> {
  const token = newToken();
  const userAccessToken = newToken();
  await db
    .insertInto('sessions')
    .values({
      kind: 'api',
      user_id: userId,
      store_id: storeId,
      token_hash: hashToken(token),
      user_token_hash: hashToken(userAccessToken),
      expires_at: new Date(now.getTime() + ttlMs),
    })
    .execute();
  return { token, userAccessToken };
}

export interface PresentedTokens {
  bearer: string | undefined;
  storeAccessToken: string | undefined;
  userAccessToken: string | undefined;
}

/**
 * The session, user, store and role the three tokens prove — or null. All three must belong
 * together: the bearer token's live session, that session's user token, and the access token
 * of the store the session is currently on, where the user still holds a membership.
 */
export async function authenticate(db: Db, tokens: PresentedTokens, now: Date): Promise<Authenticated | null> {
  const { bearer, storeAccessToken, userAccessToken } = tokens;
  if (!bearer || !storeAccessToken || !userAccessToken) return null;
  const session = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'store_id', 'user_token_hash'])
    .where('token_hash', '=', hashToken(bearer))
    .where('kind', '=', 'api')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session || session.store_id === null || session.user_token_hash !== hashToken(userAccessToken)) return null;
  const row = await db
    .selectFrom('stores')
    .innerJoin('memberships', 'memberships.store_id', 'stores.id')
    .selectAll('stores')
    .select('memberships.role')
    .where('stores.id', '=', session.store_id)
    .where('stores.access_token', '=', storeAccessToken)
    .where('memberships.user_id', '=', session.user_id)
    .executeTakeFirst();
  if (!row) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  if (!user) return null;
  const { role, ...store } = row;
  return { sessionId: session.id, user, store, role };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * The sign-in provider's own session (a cookie under /auth), so a return visit skips the form;
 * `partitioned`: its cookie is set partitioned (for a platform's control panel framing the console).
 */
export async function createProviderSession(db: Db, userId: number, now: Date, ttlMs: number, partitioned = false): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      kind: 'provider',
      user_id: userId,
      store_id: null,
      token_hash: hashToken(token),
      user_token_hash: null,
      expires_at: new Date(now.getTime() + ttlMs),
      partitioned,
    })
    .execute();
  return token;
}

export async function providerSessionUser(db: Db, token: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'provider')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Ends the provider session of this cookie (one already ended stays as it was). Answers whether its
 * cookie was set partitioned (false for a token it does not know), so it is cleared the same way.
 */
export async function endProviderSession(db: Db, token: string, now: Date): Promise<{ partitioned: boolean }> {
  const session = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`coalesce(revoked_at, ${now})` })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'provider')
    .returning('partitioned')
    .executeTakeFirst();
  return { partitioned: session?.partitioned ?? false };
}

/** Deletes sessions and sign-in codes that expired or were revoked more than a day ago. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .execute();
  await db.deleteFrom('login_codes').where('expires_at', '<', dayAgo).execute();
  await purgeSignInFailures(db, now);
  await purgeRateLimitHits(db, now);
}

/** Switches a console session to another store (the caller checked that the user belongs to it). */
export async function moveSessionToStore(db: Db, sessionId: number, storeId: number): Promise<void> {
  await db.updateTable('sessions').set({ store_id: storeId }).where('id', '=', sessionId).execute();
}
