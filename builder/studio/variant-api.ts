/**
 * The studio's API while it edits a surface's variant B: the surface's document is loaded from,
 * saved to, listed and restored in its variant B's versions (saves on a stale base are refused
 * there as they are for A), everything else (the launcher, the custom style, images) goes where
 * it goes for A. Publishing B is refused: B goes live to a share of shoppers through an experiment.
 */
import { BuilderApiError, type BuilderApi, type StudioKind, type VariantKind, type VersionedDocuments } from '../api.ts';

export const NOT_PUBLISHED_AS_B = 'Variant B is not published: it goes live to a share of shoppers when an experiment starts on the Experiments screen.';

export function variantApi(api: BuilderApi, kind: VariantKind): BuilderApi {
  const { variantB } = api;
  if (!variantB) throw new Error('This API has no variant B');
  const isB = (other: StudioKind): other is VariantKind => other === kind;
  /** the documents `other` is kept in: B's versions for the surface, A's for the others */
  const lineOf = (other: StudioKind) => (isB(other) ? variantB : api) as VersionedDocuments<StudioKind>;
  return {
    ...api,
    load: (other) => lineOf(other).load(other),
    saveDraft: (other, baseVersion, document, conflict) => lineOf(other).saveDraft(other, baseVersion, document, conflict),
    versions: (other) => lineOf(other).versions(other),
    restore: (other, version) => lineOf(other).restore(other, version),
    publish(other, version, surfaces) {
      if (isB(other)) return Promise.reject(new BuilderApiError(NOT_PUBLISHED_AS_B));
      return api.publish(other, version, surfaces);
    },
  };
}
