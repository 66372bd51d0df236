import fastifyFormbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { loginRateLimit } from '../../auth/login.ts';
import { loginPage } from '../../auth/login-page.ts';
import { checkCredentials, createProviderSession, endProviderSession, issueLoginCode, providerSessionUser } from '../../auth/sessions.ts';
import type { App, RouteModule } from '../context.ts';

const COOKIE = 'ls_provider_session';
const AUTH_BODY_LIMIT = 16 * 1024;
const formBody = z.object({ email: z.string().max(254).default(''), password: z.string().max(1000).default('') });

/** Where the console exchanges the one-time code (its auth-check route). */
async function redirectWithCode(app: App, reply: FastifyReply, userId: number) {
  const code = await issueLoginCode(app.db, userId, app.clock.now(), app.config.loginCodeTtlMs);
  return reply.redirect(`/auth-check?code=${encodeURIComponent(code)}`, 303);
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

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
    const cookieOptions = { path: '/auth', httpOnly: true, sameSite: 'lax' as const, secure: 'auto' as const };

    app.get('/login', { schema: { hide: true } }, async (request, reply) => {
      const token = request.cookies[COOKIE];
      const userId = token ? await providerSessionUser(app.db, token, app.clock.now()) : null;
      if (userId !== null) return redirectWithCode(app, reply, userId);
      return html(reply, 200, loginPage());
    });

    app.post(
      '/login',
      {
        schema: { hide: true, body: formBody },
        config: { rateLimit: loginRateLimit(app.config) },
        attachValidation: true,
      },
      async (request, reply) => {
        const { email, password } = request.validationError ? { email: '', password: '' } : request.body;
        const user = email && password ? await checkCredentials(app.db, email, password) : null;
        if (!user) return html(reply, 401, loginPage({ email, error: 'These credentials do not match our records.' }));
        const now = app.clock.now();
        const session = await createProviderSession(app.db, user.id, now, app.config.sessionTtlMs);
        reply.setCookie(COOKIE, session, { ...cookieOptions, maxAge: Math.floor(app.config.sessionTtlMs / 1000) });
        return redirectWithCode(app, reply, user.id);
      },
    );

    const logout = async (request: { cookies: Record<string, string | undefined> }, reply: FastifyReply) => {
      const token = request.cookies[COOKIE];
      if (token) await endProviderSession(app.db, token, app.clock.now());
      reply.clearCookie(COOKIE, cookieOptions);
      return html(reply, 200, loginPage({ notice: 'You have been signed out.' }));
    };
    app.get('/logout', { schema: { hide: true } }, logout);
    app.post('/logout', { schema: { hide: true } }, logout);
  },
};
