import { sameStyles, withSurfaceStylesFrom, type StyledSurface } from '../../../renderers/contract/index.ts';
import type { Db } from '../../db/connection.ts';
import { latestVersion, loadPublishedDocument, type VersionInfo } from './read.ts';
import { appendVersion, publishVersion, readableVersion } from './write.ts';

export interface PublishSurfaceStyles {
  storeId: number;
  userId: number | null;
  /** the custom style version the studio saved or loaded */
  version: number;
  /** the surfaces whose styles go live from `version`; the others keep their published style */
  surfaces: readonly StyledSurface[];
  now?: Date;
}

/**
 * The published version. `draft_version` is set when the studio's draft (`version`, the latest)
 * was saved again as a new version: the studio goes on from it (same document).
 */
export type PublishedSurfaceStyles = VersionInfo & { draft_version?: number };

/**
 * Publish the custom style of some surfaces only. The custom style is one document for every
 * surface, so publishing the widget studio must not take live a landing page style that was
 * saved but never published. What goes live is the published document with the styles of
 * `surfaces` taken from `version`:
 * - when that is what is live already, nothing changes;
 * - when it is the latest draft itself, the draft is published;
 * - otherwise it becomes a new version and is published, and the latest draft is saved again on
 *   top of it, so the draft (with the other surfaces' unpublished styles) stays the latest.
 * A concurrent save in between is refused like any stale save (VersionConflictError).
 */
export async function publishSurfaceStyles(db: Db, input: PublishSurfaceStyles): Promise<PublishedSurfaceStyles> {
  const { storeId, userId, version, now } = input;
  const kind = 'custom_style';
  const publish = (target: number) => publishVersion(db, { storeId, kind, version: target, userId, now });
  const [latest, { document: chosen }, published] = await Promise.all([
    latestVersion(db, storeId, kind),
    readableVersion(db, storeId, kind, version),
    loadPublishedDocument(db, storeId, kind),
  ]);
  const live = withSurfaceStylesFrom(published.document, chosen, input.surfaces);
  if (published.version !== null && sameStyles(live, published.document)) return publish(published.version);

  const draft = latest === version ? chosen : (await readableVersion(db, storeId, kind, latest)).document;
  if (sameStyles(live, draft)) return publish(latest);
  const liveVersion = await appendVersion(db, { storeId, kind, baseVersion: latest, document: live, userId });
  const info = await publish(liveVersion.version);
  const again = await appendVersion(db, { storeId, kind, baseVersion: liveVersion.version, document: draft, userId, restoredFrom: latest });
  return latest === version ? { ...info, draft_version: again.version } : info;
}
