import fastifyFormbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PROVIDER_COOKIE, PROVIDER_COOKIE_OPTIONS, providerCookieOptions } from '../../auth/login.ts';
import { loginPage, signOutPage } from '../../auth/login-page.ts';
import { beginSignIn, signInLimits, signInSucceeded } from '../../auth/throttle.ts';
import { checkCredentials, createProviderSession, endProviderSession, issueLoginCode, providerSessionUser } from '../../auth/sessions.ts';
import type { App, RouteModule } from '../context.ts';
import { checkOrigin, tooManySignInsMessage } from '../sign-in-guard.ts';
import { signInChallenge } from '../../auth/pkce.ts';

const AUTH_BODY_LIMIT = 16 * 1024;
const formBody = z.object({
  email: z.string().max(254).default(''),
  password: z.string().max(1000).default(''),
  code_challenge: z.string().max(200).default(''),
});
const loginQuery = z.object({ code_challenge: z.string().max(200).optional(), code_challenge_method: z.string().max(10).optional() });

/** Where the console exchanges the one-time code (its auth-check route), bound to the sign-in's challenge. */
async function redirectWithCode(app: App, reply: FastifyReply, userId: number, challenge: string) {
  const code = await issueLoginCode(app.db, userId, challenge, app.clock.now(), app.config.loginCodeTtlMs);
  return reply.redirect(`/auth-check?code=${encodeURIComponent(code)}`, 303);
}

/**
 * A sign-in that the console did not start (no challenge: a bookmark of this page, an old form)
 * goes to the console's auth-check, which starts one bound to its browser and comes back.
 */
const startFromConsole = (reply: FastifyReply) => reply.header('cache-control', 'no-store').redirect('/auth-check', 303);

/**
 * A provider page. Its Referrer-Policy is same-origin, not the server's no-referrer: under
 * no-referrer a browser posts the form with `Origin: null`, which the CSRF check must refuse.
 */
const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(body);

/**
 * The built-in sign-in provider (DESIGN.md §4): a server-rendered page under /auth that hands
 * the console a one-time code. Its own session (a cookie on /auth) lets a return visit skip
 * the form; /auth/logout ends it.
 */
export const authProviderRoutes: RouteModule = {
  prefix: '/auth',
  async register(app) {
    // every /auth route takes small bodies: the route limit also names it in the 413 message
    app.addHook('onRoute', (route) => {
      route.bodyLimit ??= AUTH_BODY_LIMIT;
    });
    await app.register(fastifyFormbody, { bodyLimit: AUTH_BODY_LIMIT });
    const cookieOptions = PROVIDER_COOKIE_OPTIONS;

    app.get('/login', { schema: { hide: true, querystring: loginQuery }, attachValidation: true }, async (request, reply) => {
      const query = request.validationError ? {} : request.query;
      const challenge = signInChallenge(query.code_challenge, query.code_challenge_method);
      if (challenge === null) return startFromConsole(reply);
      const token = request.cookies[PROVIDER_COOKIE];
      const userId = token ? await providerSessionUser(app.db, token, app.clock.now()) : null;
      if (userId !== null) return redirectWithCode(app, reply, userId, challenge);
      return html(reply, 200, loginPage({ challenge }));
    });

    app.post('/login', { schema: { hide: true, body: formBody }, attachValidation: true }, async (request, reply) => {
      const { email, password, code_challenge } = request.validationError ? { email: '', password: '', code_challenge: '' } : request.body;
      // CSRF: a form posted from another site must not sign the browser in (to anyone's account)
      if (checkOrigin(request, app.config.publicUrl) === 'foreign') {
        return html(reply, 403, loginPage({ error: 'This sign-in came from another site and was refused. Sign in on this page.' }));
      }
      // without the console's challenge (the signed-out page's form) the provider session is
      // still opened, and the console's auth-check then starts a bound sign-in that it answers at once
      const challenge = signInChallenge(code_challenge, 'S256') ?? undefined;
      const refused = () => html(reply, 401, loginPage({ email, challenge, error: 'These credentials do not match our records.' }));
      // an incomplete form checks no password, so it counts against nothing (and writes nothing)
      if (!email || !password) return refused();
      const attempt = { ip: request.ip, email };
      const verdict = await beginSignIn(app.db, attempt, app.clock.now(), signInLimits(app.config));
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return html(reply, 429, loginPage({ email, challenge, error: tooManySignInsMessage(verdict.retryAfterSeconds) }));
      }
      const user = await checkCredentials(app.db, email, password);
      if (!user) return refused();
      await signInSucceeded(app.db, attempt);
      const now = app.clock.now();
      const session = await createProviderSession(app.db, user.id, now, app.config.sessionTtlMs);
      reply.setCookie(PROVIDER_COOKIE, session, { ...cookieOptions, maxAge: Math.floor(app.config.sessionTtlMs / 1000) });
      return challenge ? redirectWithCode(app, reply, user.id, challenge) : startFromConsole(reply);
    });

    // Sign-out is POST only: a link or an image on another page cannot end the session (the
    // cookie is SameSite=Lax, so another site's form post arrives without it). A GET is told
    // so (405) and offered the button that signs out. The cookie is cleared with the attributes
    // it was set with: a partitioned one (a platform's control panel) stays in the browser otherwise.
    app.post('/logout', { schema: { hide: true } }, async (request, reply) => {
      const token = request.cookies[PROVIDER_COOKIE];
      const ended = token ? await endProviderSession(app.db, token, app.clock.now()) : { partitioned: false };
      reply.clearCookie(PROVIDER_COOKIE, providerCookieOptions(ended.partitioned));
      return html(reply, 200, loginPage({ notice: 'You have been signed out.' }));
    });
    app.get('/logout', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('allow', 'POST');
      return html(reply, 405, signOutPage());
    });
  },
};
