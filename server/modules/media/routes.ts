import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ICON_VIEWBOX, searchIcons } from '../../../presets/index.ts';
import { dataEnvelope } from '../../contract/common.ts';
import { galleryList, galleryListBody, iconListBody, iconRecord, MAX_UPLOAD_BYTES, mediaKeyParams, mediaRecord, UPLOAD_FIELD } from './contract.ts';
import { listImages, readImage, saveImage } from './service.ts';
import type { RouteModule } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { mediaUrl, readUpload } from './uploads.ts';

const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const present = (row: { id: number; key: string; file_name: string; mime_type: string; size_bytes: number; created_at: Date }) => ({
  id: row.id,
  url: mediaUrl(row.key),
  file_name: row.file_name,
  mime_type: row.mime_type,
  size_bytes: row.size_bytes,
  created_at: row.created_at.toISOString(),
});
/** Spec §7 "Media and icons": the store's image gallery and the icon library of presets/. */
export const mediaRoutes: RouteModule = {
  prefix: '/api/v1',
  async register(app) {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

    app.post(
      '/gallery/upload',
      {
        config: { permission: 'program:edit' },
        schema: {
          tags: ['media'],
          summary: `Upload one image (PNG, JPEG, GIF, WebP; at most ${MB} MB) as multipart field "${UPLOAD_FIELD}"`,
          consumes: ['multipart/form-data'],
          response: { 201: dataEnvelope(mediaRecord) },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(app, request);
        const row = await saveImage(app.db, request.store.id, upload);
        return reply.code(201).send({ data: present(row) });
      },
    );

    app.post(
      '/gallery/list',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['media'], summary: "The store's uploaded images, newest first", body: galleryListBody, response: { 200: dataEnvelope(galleryList) } },
      },
      async (request) => {
        const { page, limit } = request.body ?? { page: 1, limit: 24 };
        const { rows, total } = await listImages(app.db, request.store.id, { limit, offset: (page - 1) * limit });
        return { data: { items: rows.map(present), total, page, limit } };
      },
    );

    app.post(
      '/icons/list',
      {
        config: { permission: 'program:read' },
        schema: { tags: ['media'], summary: 'The icon library', body: iconListBody, response: { 200: dataEnvelope(z.array(iconRecord)) } },
      },
      async (request) => {
        return { data: searchIcons(request.body?.search).map((icon) => ({ id: icon.id, name: icon.name, path: icon.path, viewBox: ICON_VIEWBOX })) };
      },
    );
  },
};

/** Uploaded images, public (storefront pages show them) and served with their checked type. */
export const mediaFileRoutes: RouteModule = {
  prefix: '/media',
  register(app) {
    app.get('/:key', { schema: { hide: true, params: mediaKeyParams } }, async (request, reply) => {
      const row = await readImage(app.db, request.params.key);
      if (!row) throw notFound('Image');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(row.mime_type)
        .send(Buffer.from(row.content));
    });
  },
};
