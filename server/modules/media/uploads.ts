/**
 * The store's uploaded images as the routes meet them: where one is served, and reading the one
 * image of a multipart request (the gallery's uploads, a shopper's receipt).
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_FIELD } from './contract.ts';
import type { App } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';

/** Where an uploaded image is served (public: storefront pages and platform apps show it), by its unguessable key. */
export const mediaUrl = (key: string) => `/media/${key}`;
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
