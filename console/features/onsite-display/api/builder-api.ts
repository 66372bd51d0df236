/**
 * The builder's BuilderApi on the console's API client (server/contract/onsite-display.ts and
 * media.ts). Errors keep the server's message and code, so a 409 `version_conflict` reaches the
 * builder as a conflict.
 */
import type {
  BuilderApi,
  PublishScheduleInfo,
  StudioKind,
  SurfaceDocument,
  SurfaceKind,
  SurfaceRecord,
  VariantKind,
  VersionedDocuments,
  VersionInfo as BuilderVersion,
} from '../../../../builder/index.ts';
import { BuilderApiError, SURFACE_KINDS } from '../../../../builder/index.ts';
import type {
  DocumentState,
  ProgramPreview,
  PublishedDocumentState,
  PublishedVersion,
  SavedVersion,
  SurfaceSummary,
  VersionInfo,
} from '../../../../server/contract/onsite-display.ts';
import type { IconRecord, MediaRecord } from '../../../../server/contract/media.ts';
import type { Schedule, ScheduleBody, ScheduleList } from '../../../../server/contract/publish-schedules.ts';
import type { PreviewLink } from '../../../../server/contract/preview-links.ts';
import type { Variant } from '../../../../server/contract/experiments.ts';
import { requestHeaders, type ApiClient } from '../../../lib/api/client.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { getConfig } from '../../../lib/config.ts';
import { consoleStore, sessionTokens } from '../../../state/store.ts';
import { editingPresenceApi } from './editing-presence.ts';
import { followStoreLanguages } from '../../../lib/session-queries.ts';

const path = (kind: StudioKind, rest = '') => `/onsite-display/${kind}${rest}`;

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw new BuilderApiError(error.message, { code: error.code, status: error.status, fieldErrors: error.errors });
    throw error;
  }
}

const toRecord = <K extends StudioKind>(kind: K, state: DocumentState): SurfaceRecord<K> => ({
  kind,
  draftVersion: state.draft_version,
  publishedVersion: state.published_version,
  document: state.document as unknown as SurfaceDocument<K>,
});

const toVersion = (v: VersionInfo): BuilderVersion => ({
  version: v.version,
  createdAt: v.created_at,
  published: v.status === 'published',
  author: v.created_by?.name,
  basedOn: v.based_on_version,
  restoredFrom: v.restored_from === null ? null : { version: v.restored_from, ...(v.restored_from_variant && { variant: v.restored_from_variant }) },
  conflict: v.conflict,
});

/**
 * The calls of one line of versions under `base(kind)`: the drafts (`/onsite-display/{kind}`) and
 * a surface's variant B (`/onsite-display/variants/{kind}`) answer the same bodies there;
 * `load` reads the latest draft, each its own way.
 */
function versionedDocuments<D extends StudioKind>(
  api: ApiClient,
  base: (kind: D) => string,
  load: <K extends D>(kind: K) => Promise<SurfaceRecord<K>>,
): VersionedDocuments<D> {
  return {
    load: (kind) => call(() => load(kind)),
    saveDraft: (kind, baseVersion, document, conflict) =>
      call(async () => {
        const saved = await api.post<SavedVersion>(`${base(kind)}/draft`, { base_version: baseVersion, document, ...(conflict && { conflict }) });
        return { version: saved.version };
      }),
    versions: (kind) => call(async () => (await api.get<VersionInfo[]>(`${base(kind)}/versions`, { params: { limit: 50 } })).map(toVersion)),
    restore: (kind, version) =>
      call(async () => {
        await api.post<SavedVersion>(`${base(kind)}/restore`, { version });
        return load(kind);
      }),
  };
}

/** Variant B's latest version as the studio opens it; `no_variant` while none is saved. */
async function loadVariant<K extends VariantKind>(api: ApiClient, kind: K): Promise<SurfaceRecord<K>> {
  const saved = await api.get<Variant | null>(`/onsite-display/variants/${kind}`);
  if (!saved) throw new BuilderApiError('This surface has no variant B yet.', { code: 'no_variant', status: 404 });
  return { kind, draftVersion: saved.draft_version, publishedVersion: null, document: saved.document as unknown as SurfaceDocument<K> };
}

const toSchedule = (s: Schedule): PublishScheduleInfo => ({
  id: s.id,
  label: s.label,
  state: s.state,
  startsAt: s.starts_at,
  endsAt: s.ends_at,
  items: s.items,
  author: s.created_by?.name,
  error: s.error,
});

/** Upload is multipart: the JSON client does not carry it, so it goes through fetch with the same headers. */
async function upload(file: File): Promise<MediaRecord> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(`${getConfig().apiBase.replace(/\/+$/, '')}/gallery/upload`, {
    method: 'POST',
    headers: requestHeaders(sessionTokens(consoleStore().getState()), false),
    body,
  });
  const payload = (await response.json().catch(() => ({}))) as { data?: MediaRecord; message?: string; code?: string };
  if (!response.ok || !payload.data)
    throw new BuilderApiError(payload.message ?? `Upload failed (${response.status})`, { status: response.status, code: payload.code });
  return payload.data;
}

export function createBuilderApi(api: ApiClient): BuilderApi {
  return {
    ...versionedDocuments<StudioKind>(
      api,
      (kind) => path(kind),
      async (kind) => toRecord(kind, await api.get<DocumentState>(path(kind))),
    ),
    publish: (kind, version, surfaces) =>
      call(async () => {
        const info = await api.post<PublishedVersion>(path(kind, '/publish'), { version, ...(surfaces && { surfaces }) });
        return { publishedVersion: info.version, ...(info.draft_version !== undefined && { draftVersion: info.draft_version }) };
      }),
    loadPublished: (kind) =>
      call(async () => {
        const published = await api.get<PublishedDocumentState>(path(kind, '/published'));
        return { kind, version: published.version, document: published.document as unknown as SurfaceDocument<typeof kind> };
      }),
    surfaces: () =>
      call(async () =>
        (await api.get<SurfaceSummary[]>('/onsite-display'))
          .filter((s): s is SurfaceSummary & { kind: SurfaceKind } => (SURFACE_KINDS as readonly string[]).includes(s.kind))
          .map((s) => ({
            kind: s.kind,
            draftVersion: s.draft_version,
            publishedVersion: s.published_version,
            updatedAt: s.updated_at ?? undefined,
            hasUnpublishedChanges: s.state !== 'published',
          })),
      ),
    uploadImage: (file) =>
      call(async () => {
        const record = await upload(file);
        return { url: record.url, name: record.file_name };
      }),
    listGallery: () =>
      call(async () =>
        (await api.post<{ items: MediaRecord[] }>('/gallery/list', { page: 1, limit: 48 })).items.map((m) => ({ url: m.url, name: m.file_name })),
      ),
    icons: (search) =>
      call(async () =>
        (await api.post<IconRecord[]>('/icons/list', search ? { search } : {})).map((icon) => ({
          id: icon.id,
          label: icon.name,
          path: icon.path,
          viewBox: icon.viewBox,
        })),
      ),
    schedules: (kinds) =>
      call(async () => {
        const list = await api.get<ScheduleList>('/onsite-display/schedules', { params: { kinds: kinds.join(',') } });
        return { timeZone: list.time_zone, schedules: list.schedules.map(toSchedule) };
      }),
    schedulePublish: (request) =>
      call(async () => {
        const body: ScheduleBody = {
          items: request.items.map((item) => ({ kind: item.kind, version: item.version, ...(item.surfaces && { surfaces: [...item.surfaces] }) })),
          starts_at: request.startsAt,
          ends_at: request.endsAt,
          ...(request.label && { label: request.label }),
        };
        return toSchedule(await api.post<Schedule>('/onsite-display/schedules', body));
      }),
    cancelSchedule: (id) => call(async () => toSchedule(await api.post<Schedule>(`/onsite-display/schedules/${id}/cancel`))),
    previewLink: () =>
      call(async () => {
        const link = await api.post<PreviewLink>('/onsite-display/preview-links');
        return { id: link.id, url: link.demo_url ?? link.url, token: link.token, expiresAt: link.expires_at };
      }),
    revokePreviewLink: (id) =>
      call(async () => {
        await api.post(`/onsite-display/preview-links/${id}/revoke`);
      }),
    program: () => call(() => api.get<ProgramPreview>('/onsite-display/program')),
    ...editingPresenceApi(api, followStoreLanguages),
    storeKey: () => consoleStore().getState().user.users?.store?.store_name ?? undefined,
    variantB: versionedDocuments<VariantKind>(
      api,
      (kind) => `/onsite-display/variants/${kind}`,
      (kind) => loadVariant(api, kind),
    ),
    landingPage: async () => {
      const key = consoleStore().getState().user.users?.store?.store_name;
      if (!key) return;
      // spec §7/§8: a plain GET of the landing page HTML; not OK → "HTTP error! status: {status}"
      const response = await fetch(`/landing/${encodeURIComponent(key)}`, { cache: 'no-store' });
      if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    },
  };
}
