/**
 * The Shopify app's routes under /platforms/shopify: the install and its OAuth callback, the
 * webhooks signed with the app's secret, and the app proxy through which the storefront calls
 * /storefront/v1 on the shop's own domain.
 */
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../../http/context.ts';
import { providerSignIn } from '../install.ts';
import { ShopifyUnavailable } from './admin-api.ts';
import { beginInstall, completeInstall, InstallRefused } from './install.ts';
import { proxyRoutes } from './proxy.ts';
import { appWebhookRoutes } from './webhooks.ts';

const STATE_COOKIE = 'ls_shopify_state';
const cookieOptions = { path: '/platforms/shopify', httpOnly: true, sameSite: 'lax' as const, secure: 'auto' as const };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A refused install, said plainly to the merchant's browser. */
function refusedPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Install refused</title><h1>The install was refused</h1><p>${escapeHtml(message)}</p></html>`,
    );
}

export const shopifyRoutes: RouteModule = {
  prefix: '/platforms/shopify',
  async register(app) {
    app.get('/install', { schema: { hide: true } }, async (request, reply) => {
      try {
        const { authorizeUrl, state } = await beginInstall(app.db, app.config, request.query as Record<string, string>, app.clock.now());
        reply.setCookie(STATE_COOKIE, state, { ...cookieOptions, maxAge: 600 });
        return reply.redirect(authorizeUrl, 302);
      } catch (error) {
        if (error instanceof InstallRefused) return refusedPage(reply, error.status, error.message);
        throw error;
      }
    });

    app.get('/callback', { schema: { hide: true } }, async (request, reply) => {
      const now = app.clock.now();
      try {
        const opened = await completeInstall(app.db, app.config, request.query as Record<string, string>, request.cookies[STATE_COOKIE], now);
        reply.clearCookie(STATE_COOKIE, cookieOptions);
        app.work.jobsQueued.raise(); // the webhook subscriptions' job
        // the owner is signed in to the sign-in provider: the console's own sign-in (bound to this
        // browser) then goes through at once; an owner who must sign in themselves sees the form
        if (opened.signInAs !== null) {
          const { cookie } = await providerSignIn(app.db, opened.signInAs, now, app.config.sessionTtlMs);
          reply.setCookie(cookie.name, cookie.value, cookie.options);
        }
        return reply.redirect('/auth-check', 303);
      } catch (error) {
        if (error instanceof InstallRefused) return refusedPage(reply, error.status, error.message);
        if (error instanceof ShopifyUnavailable) return refusedPage(reply, 502, `${error.message} Try the install again in a moment.`);
        throw error;
      }
    });

    await app.register(appWebhookRoutes);
    await app.register(proxyRoutes, { prefix: '/proxy' });
  },
};
