/**
 * The media module: the store's image gallery (uploads checked by content, listed, served by an
 * unguessable key), reading the one image of a multipart request (the gallery's uploads, a
 * shopper's receipt) and the icon library of presets/, with their routes. Other modules import
 * this file only; the console reads `contract.ts` (zod only) through server/contract/media.ts.
 */
export * from './service.ts';
export { mediaUrl, readUpload } from './uploads.ts';
export { mediaFileRoutes, mediaRoutes } from './routes.ts';
