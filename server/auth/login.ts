import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Db } from '../db/connection.ts';
import type { Config } from '../config.ts';
import type { Role, Store, User } from '../db/schema.ts';
import { createApiSession, defaultStoreOf } from './sessions.ts';

/** A console session just opened, on the user's default store (HTTP presents it as spec §3's login result). */
export interface OpenedSession {
  token: string;
  userAccessToken: string;
  user: User;
  role: Role | null;
  store: Store | null;
}

/** Opens a console session for the user on their default store. */
export async function completeLogin(db: Db, userId: number, now: Date, config: Config): Promise<OpenedSession> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const store = (await defaultStoreOf(db, userId)) ?? null;
  const membership = store
    ? await db.selectFrom('memberships').select('role').where('user_id', '=', userId).where('store_id', '=', store.id).executeTakeFirst()
    : undefined;
  const session = await createApiSession(db, userId, store?.id ?? null, now, config.sessionTtlMs);
  return { token: session.token, userAccessToken: session.userAccessToken, user, role: membership?.role ?? null, store };
}

const CODE_KEY = '(code)';
const emailOf = (body: unknown): string => {
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : CODE_KEY;
};

/** One-time codes are 192-bit random, so guessing is hopeless: their exchange gets a wider budget. */
const CODE_EXCHANGE_FACTOR = 6;

/**
 * Sign-in attempts per IP and email (checked after the body is parsed); code exchanges are
 * counted per IP with CODE_EXCHANGE_FACTOR times the budget.
 */
export function loginRateLimit(config: Config): RateLimitOptions {
  return {
    max: (_request: FastifyRequest, key: string) =>
      key.endsWith(`|${CODE_KEY}`) ? config.loginAttemptsPerMinute * CODE_EXCHANGE_FACTOR : config.loginAttemptsPerMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${emailOf(request.body)}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'too_many_requests',
      message: `Too many sign-in attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  };
}
