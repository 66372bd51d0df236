/**
 * The studio's API while it edits a surface's variant B: the surface's document is loaded from
 * and saved to its variant B, everything else (the launcher, the custom style, images) goes
 * where it goes for A. Variant B has no versions of its own: each save replaces it, so the
 * version the saver keeps is only a count of saves, and publishing B is refused (B goes live to
 * a share of shoppers through an experiment).
 */
import { BuilderApiError, type BuilderApi, type StudioKind, type SurfaceDocument, type SurfaceRecord, type VariantKind } from '../api.ts';

export const NOT_PUBLISHED_AS_B = 'Variant B is not published: it goes live to a share of shoppers when an experiment starts on the Experiments screen.';

export function variantApi(api: BuilderApi, kind: VariantKind): BuilderApi {
  const { variant, saveVariant } = api;
  if (!variant || !saveVariant) throw new Error('This API has no variant B');
  const isB = (other: StudioKind) => other === kind;
  let saves = 1;
  const load = async <K extends StudioKind>(other: K): Promise<SurfaceRecord<K>> => {
    if (!isB(other)) return api.load(other);
    const document = await variant(kind);
    if (!document) throw new BuilderApiError('This surface has no variant B yet.', { code: 'no_variant', status: 404 });
    return { kind: other, draftVersion: saves, publishedVersion: null, document: document as unknown as SurfaceDocument<K> };
  };
  return {
    ...api,
    load,
    async saveDraft(other, baseVersion, document) {
      if (!isB(other)) return api.saveDraft(other, baseVersion, document);
      await saveVariant(kind, document as unknown as SurfaceDocument<VariantKind>);
      saves = Math.max(saves, baseVersion) + 1;
      return { version: saves };
    },
    publish(other, version, surfaces) {
      if (isB(other)) return Promise.reject(new BuilderApiError(NOT_PUBLISHED_AS_B));
      return api.publish(other, version, surfaces);
    },
    async versions(other) {
      return isB(other) ? [] : api.versions(other);
    },
    restore(other, version) {
      if (isB(other)) return Promise.reject(new BuilderApiError('Variant B has no earlier versions to restore.'));
      return api.restore(other, version);
    },
  };
}
