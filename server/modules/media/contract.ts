import { z } from 'zod';

/** POST /gallery/upload takes multipart/form-data with one image in the field `file`. */
export const UPLOAD_FIELD = 'file';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Checked by content (magic bytes), not by name or declared type. SVG is refused (it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const mediaRecord = z.object({
  id: z.number(),
  url: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type MediaRecord = z.infer<typeof mediaRecord>;

/** GET /media/{key}: an image's unguessable key (sequential ids are not served). */
export const mediaKeyParams = z.strictObject({ key: z.string().min(1).max(64) });

/** POST /gallery/list */
export const galleryListBody = z
  .strictObject({
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(24),
  })
  .nullish();
export const galleryList = z.object({ items: z.array(mediaRecord), total: z.number(), page: z.number(), limit: z.number() });

/** POST /icons/list */
export const iconListBody = z.strictObject({ search: z.string().max(60).optional() }).nullish();
export const iconRecord = z.object({ id: z.string(), name: z.string(), path: z.string(), viewBox: z.string() });
export type IconRecord = z.infer<typeof iconRecord>;
