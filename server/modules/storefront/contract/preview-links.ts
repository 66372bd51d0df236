import { z } from 'zod';

/**
 * Preview on the store (paths under /api/v1, answers `{ data }`):
 * - POST /onsite-display/preview-links             → PreviewLink (201): a token shown once, for 24 hours
 * - POST /onsite-display/preview-links/{id}/revoke → { revoked: true } (404 when not the store's or already revoked)
 * A page of the store opened with `?ls_preview={token}` shows the drafts of every surface in that
 * browser only (the loader keeps the token for the tab's session); the token opens nothing else.
 */
export const previewLink = z.object({
  id: z.number(),
  token: z.string(),
  expires_at: z.string(),
  /** the store's website with the token, when the store has a website */
  url: z.string().nullable(),
  /** the demo storefront with the token, for the demo store */
  demo_url: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof previewLink>;

/** The query parameter a store page takes the token from. */
export const PREVIEW_PARAM = 'ls_preview';
