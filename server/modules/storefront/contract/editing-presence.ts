import { z } from 'zod';
import { STUDIOS, type StudioId } from '../../../../renderers/contract/index.ts';

/**
 * Who else is editing a studio of this store (paths under /api/v1, answers `{ data }`):
 * - POST /onsite-display/presence/{studio}       → EditingPresence: "I have it open", and who else has
 *   (with the store's languages of the moment, so the open studio follows a change made elsewhere)
 * - POST /onsite-display/presence/{studio}/leave → { left: true }: "I closed it"
 * {studio} is landing-page, widget or sticky-bar. A studio beats every 15 s; an editor whose
 * last beat is older than 45 s no longer counts. Only editors of the caller's store are answered.
 */
export const PRESENCE_HEARTBEAT_MS = 15_000;

export const studioParams = z.strictObject({
  studio: z.enum(STUDIOS.map((studio) => studio.id) as [StudioId, ...StudioId[]], { error: 'Unknown studio: use landing-page, widget or sticky-bar.' }),
});

export const editor = z.object({
  name: z.string(),
  email: z.string(),
  /** the caller in another sign-in (another browser or window) */
  same_user: z.boolean(),
});
export type Editor = z.infer<typeof editor>;

export const editingPresence = z.object({
  editors: z.array(editor),
  /** the store's languages as they are now (its default and the others): an open studio follows a change made elsewhere */
  languages: z.object({ default: z.string(), others: z.array(z.string()) }),
});
export type EditingPresence = z.infer<typeof editingPresence>;
