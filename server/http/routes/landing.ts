import { z } from 'zod';
import { loadPublishedLanding } from '../../domain/storefront/landing.ts';
import { landingNotFoundPage, landingNotPublishedPage, renderLanding } from '../landing-page.ts';
import type { RouteModule } from '../context.ts';

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
        const page = renderLanding(landing);
        reply.header('cache-control', LANDING_CACHE_CONTROL).header('etag', page.etag);
        const ifNoneMatch = request.headers['if-none-match'];
        if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
          return reply.code(304).send();
        }
        return reply.send(page.html);
      },
    );
  },
};
