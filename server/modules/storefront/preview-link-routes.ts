import { z } from 'zod';
import { dataEnvelope, emptyBody, idParams } from '../../contract/common.ts';
import { PREVIEW_PARAM, previewLink } from './contract/preview-links.ts';
import { createPreviewLink, revokePreviewLink } from '../../domain/documents/index.ts';
import type { App } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { DEMO_STORE_KEY } from './embed-demo-page.ts';

const TAGS = ['onsite-display'];

/** `page` with the preview token added to its query; null when it is not an http(s) address. */
function withToken(page: string, token: string): string | null {
  try {
    const url = new URL(/^https?:\/\//i.test(page) ? page : `https://${page}`);
    url.searchParams.set(PREVIEW_PARAM, token);
    return url.href;
  } catch {
    return null;
  }
}

/** Preview links of the store's drafts (server/contract/preview-links.ts). */
export function registerPreviewRoutes(app: App): void {
  app.post(
    '/onsite-display/preview-links',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: TAGS,
        summary: "A link that shows the drafts on the store's own pages, in the browser that opens it (24 hours, revocable)",
        body: emptyBody,
        response: { 201: dataEnvelope(previewLink) },
      },
    },
    async (request, reply) => {
      const { store } = request;
      const link = await createPreviewLink(app.db, store.id, request.user.id, app.clock.now());
      const demo = store.store_name === DEMO_STORE_KEY ? withToken(`${app.config.publicUrl}/demo/storefront`, link.token) : null;
      return reply.code(201).send({ data: { ...link, url: store.website ? withToken(store.website, link.token) : null, demo_url: demo } });
    },
  );

  app.post(
    '/onsite-display/preview-links/:id/revoke',
    {
      config: { permission: 'program:edit' },
      schema: {
        tags: TAGS,
        summary: 'End a preview link at once',
        params: idParams,
        body: emptyBody,
        response: { 200: dataEnvelope(z.object({ revoked: z.literal(true) })) },
      },
    },
    async (request) => {
      if (!(await revokePreviewLink(app.db, request.store.id, request.params.id, app.clock.now())))
        throw new ApiError(404, 'This preview link does not exist or was already revoked.', 'not_found');
      return { data: { revoked: true as const } };
    },
  );
}
