/**
 * An in-memory BuilderApi with the server's rules (versions, 409 on a stale base, publish,
 * restore; variant B with versions of its own, never published). For unit tests and the bench
 * page — never for browser tests of the product.
 */
import { sameStyles, withSurfaceStylesFrom, type CustomStyle } from '../../renderers/contract/index.ts';
import { DEFAULT_DOCUMENTS, ICON_VIEWBOX, searchIcons } from '../../presets/index.ts';
import {
  BuilderApiError,
  STUDIO_DOCUMENT_KINDS,
  SURFACE_KINDS,
  type BuilderApi,
  type StudioKind,
  type SurfaceDocument,
  type SurfaceRecord,
  type VariantLetter,
  type VersionedDocuments,
  type VersionInfo,
} from '../api.ts';

type StoredVersion = Omit<VersionInfo, 'published'> & { document: SurfaceDocument<StudioKind> };

interface Stored {
  versions: StoredVersion[];
  published: number | null;
}

/** One variant's line of versions per kind, as the server keeps them; `calls` names B's calls "… variant …". */
function createLine(letter: VariantLetter, stores: Map<StudioKind, Stored>, calls: string[]): VersionedDocuments<StudioKind> {
  const prefix = letter === 'b' ? 'variant ' : '';
  const of = (kind: StudioKind) => {
    let stored = stores.get(kind);
    if (!stored) stores.set(kind, (stored = { versions: [], published: null }));
    return stored;
  };
  const latest = (kind: StudioKind) => of(kind).versions.at(-1);
  const append = (kind: StudioKind, version: Omit<StoredVersion, 'version' | 'createdAt' | 'basedOn'>) => {
    const base = latest(kind)?.version ?? 0;
    of(kind).versions.push({
      ...version,
      version: base + 1,
      basedOn: base || null,
      createdAt: new Date().toISOString(),
      document: structuredClone(version.document),
    });
    return base + 1;
  };
  const record = <K extends StudioKind>(kind: K): SurfaceRecord<K> => {
    const found = latest(kind);
    if (!found) throw new BuilderApiError('This surface has no variant B yet.', { code: 'no_variant', status: 404 });
    return { kind, draftVersion: found.version, publishedVersion: of(kind).published, document: structuredClone(found.document) as SurfaceDocument<K> };
  };
  return {
    async load(kind) {
      calls.push(`load ${prefix}${kind}`);
      return record(kind);
    },
    async saveDraft(kind, baseVersion, document, conflict) {
      calls.push(`save ${prefix}${kind}@${baseVersion}${conflict ? ` ${conflict}` : ''}`);
      if (baseVersion !== (latest(kind)?.version ?? 0)) throw new BuilderApiError('A newer version was saved.', { code: 'version_conflict', status: 409 });
      return { version: append(kind, { document, conflict: conflict ?? null }) };
    },
    async versions(kind) {
      return of(kind)
        .versions.map(({ document: _document, ...info }) => ({ ...info, published: info.version === of(kind).published }))
        .toReversed();
    },
    async restore(kind, version) {
      calls.push(`restore ${prefix}${kind}@${version}`);
      const found = of(kind).versions.find((v) => v.version === version);
      if (!found) throw new BuilderApiError('No such version', { status: 404 });
      append(kind, { document: found.document, restoredFrom: { version } });
      return record(kind);
    },
  };
}

export function createMemoryApi(initial: Partial<Record<StudioKind, SurfaceDocument<StudioKind>>> = {}): BuilderApi & { calls: string[] } {
  const calls: string[] = [];
  const stores = new Map<StudioKind, Stored>();
  for (const kind of STUDIO_DOCUMENT_KINDS) {
    stores.set(kind, {
      versions: [{ version: 1, document: structuredClone(initial[kind] ?? DEFAULT_DOCUMENTS[kind]), createdAt: new Date(0).toISOString() }],
      published: null,
    });
  }
  const of = (kind: StudioKind) => stores.get(kind)!;
  const latest = (kind: StudioKind) => of(kind).versions.at(-1)!;
  return {
    calls,
    ...createLine('a', stores, calls),
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
    variantB: createLine('b', new Map(), calls),
    async icons(search) {
      return searchIcons(search).map((icon) => ({ id: icon.id, label: icon.name, path: icon.path, viewBox: ICON_VIEWBOX }));
    },
  };
}
