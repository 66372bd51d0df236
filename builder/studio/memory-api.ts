/**
 * An in-memory BuilderApi with the server's rules (versions, 409 on a stale base, publish,
 * restore). For unit tests and the bench page — never for browser tests of the product.
 */
import { sameStyles, withSurfaceStylesFrom, type CustomStyle } from '../../renderers/contract/index.ts';
import { DEFAULT_DOCUMENTS, ICON_VIEWBOX, searchIcons } from '../../presets/index.ts';
import { BuilderApiError, STUDIO_DOCUMENT_KINDS, SURFACE_KINDS, type BuilderApi, type SurfaceDocument, type StudioKind, type SurfaceRecord } from '../api.ts';

interface Stored {
  versions: { version: number; document: SurfaceDocument<StudioKind>; createdAt: string }[];
  published: number | null;
}

export function createMemoryApi(initial: Partial<Record<StudioKind, SurfaceDocument<StudioKind>>> = {}): BuilderApi & { calls: string[] } {
  const calls: string[] = [];
  const variants = new Map<StudioKind, SurfaceDocument<StudioKind>>();
  const stores = new Map<StudioKind, Stored>();
  for (const kind of STUDIO_DOCUMENT_KINDS) {
    stores.set(kind, {
      versions: [{ version: 1, document: structuredClone(initial[kind] ?? DEFAULT_DOCUMENTS[kind]), createdAt: new Date(0).toISOString() }],
      published: null,
    });
  }
  const of = (kind: StudioKind) => stores.get(kind)!;
  const latest = (kind: StudioKind) => of(kind).versions.at(-1)!;
  const record = <K extends StudioKind>(kind: K): SurfaceRecord<K> => ({
    kind,
    draftVersion: latest(kind).version,
    publishedVersion: of(kind).published,
    document: structuredClone(latest(kind).document) as SurfaceDocument<K>,
  });
  return {
    calls,
    async load(kind) {
      calls.push(`load ${kind}`);
      return record(kind);
    },
    async saveDraft(kind, baseVersion, document) {
      calls.push(`save ${kind}@${baseVersion}`);
      if (baseVersion !== latest(kind).version) throw new BuilderApiError('A newer version was saved.', { code: 'version_conflict', status: 409 });
      const version = latest(kind).version + 1;
      of(kind).versions.push({ version, document: structuredClone(document), createdAt: new Date().toISOString() });
      return { version };
    },
    async publish(kind, version, surfaces) {
      calls.push(`publish ${kind}@${version}${surfaces ? ` ${surfaces.join(',')}` : ''}`);
      const stored = of(kind);
      const found = stored.versions.find((v) => v.version === version);
      if (!found) throw new BuilderApiError('No such version', { status: 404 });
      if (!surfaces || kind !== 'custom_style') {
        stored.published = version;
        return { publishedVersion: version };
      }
      // the server's rules (server/domain/documents/publish-styles.ts)
      const published = stored.versions.find((v) => v.version === stored.published)?.document as CustomStyle | undefined;
      const live = withSurfaceStylesFrom(published ?? DEFAULT_DOCUMENTS.custom_style, found.document as CustomStyle, surfaces);
      if (published && sameStyles(live, published)) return { publishedVersion: stored.published! };
      const draft = latest(kind);
      if (sameStyles(live, draft.document as CustomStyle)) {
        stored.published = draft.version;
        return { publishedVersion: draft.version };
      }
      const createdAt = new Date().toISOString();
      stored.versions.push(
        { version: draft.version + 1, document: live, createdAt },
        { version: draft.version + 2, document: structuredClone(draft.document), createdAt },
      );
      stored.published = draft.version + 1;
      return { publishedVersion: draft.version + 1, ...(draft.version === version && { draftVersion: draft.version + 2 }) };
    },
    async loadPublished(kind) {
      calls.push(`load published ${kind}`);
      const published = of(kind).versions.find((v) => v.version === of(kind).published);
      return {
        kind,
        version: published?.version ?? null,
        document: structuredClone(published?.document ?? DEFAULT_DOCUMENTS[kind]) as SurfaceDocument<typeof kind>,
      };
    },
    async versions(kind) {
      return of(kind)
        .versions.map((v) => ({ version: v.version, createdAt: v.createdAt, published: v.version === of(kind).published }))
        .toReversed();
    },
    async restore(kind, version) {
      const found = of(kind).versions.find((v) => v.version === version);
      if (!found) throw new BuilderApiError('No such version', { status: 404 });
      of(kind).versions.push({ version: latest(kind).version + 1, document: structuredClone(found.document), createdAt: new Date().toISOString() });
      return record(kind);
    },
    async surfaces() {
      return SURFACE_KINDS.map((kind) => ({
        kind,
        draftVersion: latest(kind).version,
        publishedVersion: of(kind).published,
        hasUnpublishedChanges: of(kind).published !== latest(kind).version,
      }));
    },
    async uploadImage(file) {
      return { url: `/uploads/${file.name}`, name: file.name };
    },
    async listGallery() {
      return [];
    },
    async variant(kind) {
      calls.push(`load variant ${kind}`);
      const found = variants.get(kind);
      return found ? (structuredClone(found) as SurfaceDocument<typeof kind>) : null;
    },
    async saveVariant(kind, document) {
      calls.push(`save variant ${kind}`);
      variants.set(kind, structuredClone(document));
    },
    async icons(search) {
      return searchIcons(search).map((icon) => ({ id: icon.id, label: icon.name, path: icon.path, viewBox: ICON_VIEWBOX }));
    },
  };
}
