import { z } from 'zod';
import { loadPublishedLanding } from '../../domain/storefront/landing.ts';
import { landingNotFoundPage, landingNotPublishedPage, renderLanding } from '../landing-page.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { LandingPage } from '../../../renderers/schema/index.ts';
import { ANONYMOUS_ID, assignShopper } from '../../modules/experiments/index.ts';
import type { App, RouteModule } from '../context.ts';

/** The page needs its inline <style> and nothing else: no scripts, no connections, no plugins. */
const LANDING_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self' https:",
  "frame-ancestors 'self'",
].join('; ');

/** Short enough that a publish shows within a minute; the ETag makes revalidation cheap. */
const LANDING_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

const params = z.object({ storeKey: z.string() });

/** The landing page's own first-party anonymous id (a year): a running experiment keeps each visitor on one variant. */
const VISITOR_COOKIE = 'ls_aid';

/**
 * The visitor's variant when an experiment runs on the landing page (counted as a view), with
 * B's document; undefined otherwise. A visitor without the cookie gets one.
 */
async function experimentVariant(app: App, request: FastifyRequest, reply: FastifyReply, storeId: number) {
  const kept = request.cookies[VISITOR_COOKIE];
  const anonymousId = kept && ANONYMOUS_ID.test(kept) ? kept : randomBytes(12).toString('base64url');
  const [shown] = await assignShopper(app.db, storeId, { anonymousId, customerId: null }, ['landing_page'], app.clock.now());
  if (!shown) return undefined;
  if (anonymousId !== kept)
    reply.setCookie(VISITOR_COOKIE, anonymousId, { path: '/landing', maxAge: 365 * 86_400, sameSite: 'lax', httpOnly: true, secure: 'auto' });
  return { variant: shown.variant, document: shown.document as LandingPage | undefined };
}

/** `GET /landing/{store key}` (public): the published landing page rendered on the server for visitors; 404 until first published. */
export const landingRoutes: RouteModule = {
  prefix: '',
  register(app) {
    app.get(
      '/landing/:storeKey',
      {
        config: { auth: 'none' },
        schema: { tags: ['storefront'], summary: "The store's published landing page as HTML (works without JavaScript)", params },
      },
      async (request, reply) => {
        reply
          .header('content-security-policy', LANDING_CSP)
          .header('access-control-allow-origin', '*')
          .header('cross-origin-resource-policy', 'cross-origin')
          .type('text/html; charset=utf-8');
        const { storeKey } = request.params;
        const landing = await loadPublishedLanding(app.db, storeKey);
        if (!landing) return reply.code(404).header('cache-control', 'no-store').send(landingNotFoundPage(storeKey));
        // a page never published is not public: neither its drafts nor the preset defaults are shown
        if (landing.version === null) return reply.code(404).header('cache-control', 'no-store').send(landingNotPublishedPage(landing.store.title));
        const shown = await experimentVariant(app, request, reply, landing.store.id);
        const page = renderLanding(shown ? { ...landing, document: shown.document ?? landing.document } : landing);
        // a page in an experiment differs per visitor: never from a shared cache
        reply.header('cache-control', shown ? 'private, no-cache' : LANDING_CACHE_CONTROL).header('etag', page.etag);
        const ifNoneMatch = request.headers['if-none-match'];
        if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
          return reply.code(304).send();
        }
        return reply.send(page.html);
      },
    );
  },
};
