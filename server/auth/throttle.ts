import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Config } from '../config.ts';
import { countInWindow, purgeWindows, type WindowCounter } from './window-counter.ts';

const SIGN_IN_FAILURES: WindowCounter = { table: 'sign_in_failures', column: 'failures' };

/**
 * Sign-in defences. Failed sign-ins are counted in the database, per e-mail
 * across every route that checks a password (API login, the /auth/login form, a password
 * change) and per IP across e-mails, each in a fixed window; one-time code exchanges are
 * counted per IP on their own, wider budget (a code is 192-bit random: guessing is hopeless, a
 * typo or an old link is not an attack). The counters live in a table, so they hold across
 * restarts and across server processes.
 */
export interface SignInLimits {
  /** failures allowed per e-mail in one window */
  perEmail: number;
  /** failures allowed per IP, across e-mails, in one window */
  perIp: number;
  /** failed one-time code exchanges allowed per IP in one window */
  perIpCodes: number;
  windowMs: number;
}

/** One IP may try a few accounts (a shared office, a NAT) but not spray many. */
export const IP_FACTOR = 5;
/** One-time codes cannot be guessed: their exchange gets a wider budget. */
export const CODE_EXCHANGE_FACTOR = 6;

export function signInLimits(config: Config): SignInLimits {
  const perEmail = config.loginAttemptsPerMinute;
  return { perEmail, perIp: perEmail * IP_FACTOR, perIpCodes: perEmail * CODE_EXCHANGE_FACTOR, windowMs: 60_000 };
}

/** A password check for an e-mail (empty when the form sent none), or a one-time code exchange, from an IP. */
export type SignInAttempt = { ip: string; email: string } | { ip: string; code: true };

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Keys are bounded: an e-mail is at most 254 characters, a stray long one is cut. */
const emailKey = (email: string) => `email:${email.trim().toLowerCase().slice(0, 320)}`;
const ipKey = (attempt: SignInAttempt) => `${'code' in attempt ? 'code-ip' : 'ip'}:${attempt.ip}`;

function counters(attempt: SignInAttempt, limits: SignInLimits): Array<{ key: string; max: number }> {
  if ('code' in attempt) return [{ key: ipKey(attempt), max: limits.perIpCodes }];
  const list = [{ key: ipKey(attempt), max: limits.perIp }];
  if (attempt.email.trim()) list.push({ key: emailKey(attempt.email), max: limits.perEmail });
  // one order for every statement: two concurrent upserts of the same keys never deadlock
  return list.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/**
 * Counts the attempt as a failure BEFORE the credentials are checked — one atomic upsert per
 * counter, so concurrent guesses (from any process) cannot slip past the bound — and answers
 * whether it may go on. A success gives the count back through `signInSucceeded`.
 */
export async function beginSignIn(db: Db, attempt: SignInAttempt, now: Date, limits: SignInLimits): Promise<SignInVerdict> {
  const list = counters(attempt, limits);
  const counts = await countInWindow(
    db,
    SIGN_IN_FAILURES,
    list.map(({ key }) => key),
    now,
    limits.windowMs,
  );
  let retryAfterMs = 0;
  for (const row of counts) {
    const max = list.find((counter) => counter.key === row.key)?.max ?? 0;
    if (row.count > max) retryAfterMs = Math.max(retryAfterMs, row.windowStartedAt.getTime() + limits.windowMs - now.getTime());
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { allowed: true };
}

/** The attempt succeeded: the e-mail's counter starts over; the IP's gets back the failure counted in advance. */
export async function signInSucceeded(db: Db, attempt: SignInAttempt): Promise<void> {
  if ('email' in attempt && attempt.email.trim()) await db.deleteFrom('sign_in_failures').where('key', '=', emailKey(attempt.email)).execute();
  await db
    .updateTable('sign_in_failures')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where('key', '=', ipKey(attempt))
    .execute();
}

/** Forgets windows that ended a day ago (run at start-up with the session purge). */
export async function purgeSignInFailures(db: Db, now: Date): Promise<void> {
  await purgeWindows(db, SIGN_IN_FAILURES, new Date(now.getTime() - 86_400_000));
}
