import type { FastifyRequest } from 'fastify';
import { beginSignIn, signInLimits, signInSucceeded, type SignInAttempt } from '../auth/throttle.ts';
import type { App } from './context.ts';
import { ApiError } from './errors.ts';

export const tooManySignInsMessage = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} seconds.`;

/**
 * Counts a sign-in attempt against the database counters (server/auth/throttle.ts) before the
 * credentials are checked; beyond a bound it answers 429 with `Retry-After`. Hand the returned
 * `succeeded` the good news: the e-mail's counter starts over.
 */
export async function guardSignIn(app: App, attempt: SignInAttempt): Promise<{ succeeded: () => Promise<void> }> {
  const verdict = await beginSignIn(app.db, attempt, app.clock.now(), signInLimits(app.config));
  if (!verdict.allowed) {
    const seconds = verdict.retryAfterSeconds;
    throw new ApiError(429, tooManySignInsMessage(seconds), 'too_many_requests', {}, { 'retry-after': String(seconds) });
  }
  return { succeeded: () => signInSucceeded(app.db, attempt) };
}

/** Where a browser's POST came from: its Origin, else its Referer's origin (both can be missing). */
export type OriginVerdict = 'same' | 'foreign' | 'missing';

/**
 * CSRF check of a form post: the request's Origin must be this server's — the Host it was sent
 * to, or the configured public URL. Browsers send Origin on every cross-origin POST (and `null`
 * from sandboxed or privacy-stripped contexts, refused), so a missing Origin means a same-origin
 * post from an old browser or a non-browser client: then the Referer decides when present, and
 * `Sec-Fetch-Site: cross-site` is refused.
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string): OriginVerdict {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const allowed = (origin: string) => {
    try {
      const url = new URL(origin);
      // the Host header read with the origin's scheme, so a default port compares equal either way
      const host = request.headers.host ? new URL(`${url.protocol}//${request.headers.host}`).host : undefined;
      return url.host === host || url.origin === new URL(publicUrl).origin;
    } catch {
      return false;
    }
  };
  const origin = header('origin');
  if (origin !== undefined) return allowed(origin) ? 'same' : 'foreign';
  if (header('sec-fetch-site') === 'cross-site') return 'foreign';
  const referer = header('referer');
  if (referer !== undefined) return allowed(referer) ? 'same' : 'foreign';
  return 'missing';
}
