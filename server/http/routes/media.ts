import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { ICON_VIEWBOX, searchIcons } from '../../../presets/index.ts';
import { dataEnvelope } from '../../contract/common.ts';
import {
  galleryList,
  galleryListBody,
  iconListBody,
  iconRecord,
  IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  mediaKeyParams,
  mediaRecord,
  UPLOAD_FIELD,
} from '../../contract/media.ts';
import { listImages, readImage, saveImage } from '../../domain/media/gallery.ts';
import type { App, RouteModule } from '../context.ts';
import { ApiError, notFound } from '../errors.ts';

/** Where an uploaded image is served (public: storefront pages and platform apps show it), by its unguessable key. */
export const mediaUrl = (key: string) => `/media/${key}`;
const present = (row: { id: number; key: string; file_name: string; mime_type: string; size_bytes: number; created_at: Date }) => ({
  id: row.id,
  url: mediaUrl(row.key),
  file_name: row.file_name,
  mime_type: row.mime_type,
  size_bytes: row.size_bytes,
  created_at: row.created_at.toISOString(),
});
const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const tooLarge = (field = UPLOAD_FIELD) =>
  new ApiError(413, `The image is larger than the ${MB} MB limit.`, 'payload_too_large', { [field]: `At most ${MB} MB.` });
const notAnImage = (field = UPLOAD_FIELD) =>
  new ApiError(422, 'Only PNG, JPEG, GIF or WebP images can be uploaded.', 'unsupported_file', { [field]: 'Not a PNG, JPEG, GIF or WebP image.' });

/** The one image of a multipart request in `field`: size within the limit, type sniffed from its bytes (file-type), its name made safe. */
export async function readUpload(app: App, request: FastifyRequest, field: string = UPLOAD_FIELD) {
  if (!request.isMultipart()) {
    throw new ApiError(415, `Send the image as multipart/form-data in a field named "${field}".`, 'unsupported_media_type');
  }
  let file;
  try {
    file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge(field);
    throw new ApiError(400, 'The upload could not be read.', 'bad_upload');
  }
  if (!file || file.fieldname !== field)
    throw new ApiError(422, `Attach the image in a field named "${field}".`, 'validation_failed', { [field]: 'Required.' });
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge(field);
    throw new ApiError(400, 'The upload could not be read.', 'bad_upload');
  }
  if (file.file.truncated) throw tooLarge(field);
  if (content.length === 0) throw notAnImage(field);
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !(IMAGE_TYPES as readonly string[]).includes(detected.mime)) throw notAnImage(field);
  const base = (file.filename || 'image').replace(/[^\w.\- ]+/g, '_').slice(0, 120);
  const fileName = base.replace(/\.[^.]*$/, '') + `.${detected.ext}`;
  app.log.debug({ fileName }, 'upload accepted');
  return { content, fileName, mime: detected.mime };
}

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
