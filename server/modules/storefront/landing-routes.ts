import { z } from 'zod';
import { loadPublishedLanding } from './landing.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchLanguage } from '../../../renderers/contract/index.ts';
import { landingLanguageNotFoundPage, landingNotFoundPage, landingNotPublishedPage, landingPath, renderLanding } from './landing-page.ts';
import { randomBytes } from 'node:crypto';
import type { LandingPage } from '../../../renderers/contract/index.ts';
import { ANONYMOUS_ID, assignShopper } from '../experiments/index.ts';
import type { App, RouteModule } from '../../http/context.ts';
import { compressAnswers } from '../../http/compression.ts';

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
const languageParams = z.object({ storeKey: z.string(), lang: z.string() });

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

/**
 * `GET /landing/{store key}` (public): the published landing page rendered on the server for
 * visitors, in the store's default language; `GET /landing/{store key}/{language}`: in one of its
 * languages (`fr-ca` leads to `fr`), each naming the others with hreflang alternates. 404 until
 * first published, and for a language the store does not have.
 */
export const landingRoutes: RouteModule = {
  prefix: '',
  register(app) {
    // the page carries its stylesheet inline: compressed for browsers that take it, its ETag weak then
    compressAnswers(app);
    const answer = async (request: FastifyRequest, reply: FastifyReply, storeKey: string, requested: string | undefined) => {
      reply
        .header('content-security-policy', LANDING_CSP)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('text/html; charset=utf-8');
      const landing = await loadPublishedLanding(app.db, storeKey);
      if (!landing) return reply.code(404).header('cache-control', 'no-store').send(landingNotFoundPage(storeKey));
      // a page never published is not public: neither its drafts nor the preset defaults are shown
      if (landing.version === null) return reply.code(404).header('cache-control', 'no-store').send(landingNotPublishedPage(landing.store.title));
      const { languages, store } = landing;
      const language = requested === undefined ? languages.default : matchLanguage(requested, [languages.default, ...languages.others]);
      if (language === undefined) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send(landingLanguageNotFoundPage(store.title, requested ?? '', landingPath(store.storeName)));
      }
      if (requested !== undefined && requested !== language) return reply.redirect(landingPath(store.storeName, language), 301);
      const shown = await experimentVariant(app, request, reply, store.id);
      const page = renderLanding(shown?.document ? { ...landing, document: shown.document } : landing, { language, origin: app.config.publicUrl });
      // a page in an experiment differs per visitor: never from a shared cache
      reply
        .header('cache-control', shown ? 'private, no-cache' : LANDING_CACHE_CONTROL)
        .header('etag', page.etag)
        .header('content-language', language);
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
        return reply.code(304).send();
      }
      return reply.send(page.html);
    };

    app.get(
      '/landing/:storeKey',
      {
        config: { auth: 'none' },
        schema: { tags: ['storefront'], summary: "The store's published landing page as HTML (works without JavaScript)", params },
      },
      async (request, reply) => answer(request, reply, request.params.storeKey, undefined),
    );

    app.get(
      '/landing/:storeKey/:lang',
      {
        config: { auth: 'none' },
        schema: { tags: ['storefront'], summary: "The store's published landing page as HTML in one of its languages (BCP 47)", params: languageParams },
      },
      async (request, reply) => answer(request, reply, request.params.storeKey, request.params.lang),
    );
  },
};
