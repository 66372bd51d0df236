/**
 * The media module: the store's image gallery (uploads checked by content, listed, served by an
 * unguessable key) and the icon library of presets/, with their routes. Other modules import this
 * file only; the console reads `contract.ts` (zod only) through server/contract/media.ts.
 */
export * from './service.ts';
export { mediaFileRoutes, mediaRoutes } from './routes.ts';
