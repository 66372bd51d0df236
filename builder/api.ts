/**
 * What the builder needs from the outside world. The console implements it with its API client
 * (console/features/onsite-display); tests and the bench implement it in memory. The builder never
 * imports console/ or server/.
 */
import type { ProgramData } from '../renderers/context.ts';
import { SURFACE_KINDS, type DocumentOf, type StudioId, type StyledSurface, type SurfaceKind } from '../renderers/contract/index.ts';

/** The shopper surfaces the studios edit (renderers/contract/surfaces.ts: the one table of surfaces). */
export { SURFACE_KINDS, type SurfaceKind };
/** Every document a studio edits: its surfaces and the custom style (one document, a style per surface). */
export type StudioKind = SurfaceKind | 'custom_style';
export const STUDIO_DOCUMENT_KINDS: readonly StudioKind[] = [...SURFACE_KINDS, 'custom_style'];
export type SurfaceDocument<K extends StudioKind = SurfaceKind> = DocumentOf<K>;
/** The surfaces an experiment shows a variant B of: each studio's own surface (the launcher has none). */
export type VariantKind = Exclude<SurfaceKind, 'launcher'>;
/** Which version of a surface the studio edits: A, what the drafts and Publish hold, or the experiment's variant B. */
export type VariantLetter = 'a' | 'b';

/** One saved surface: its latest draft and what is published. */
export interface SurfaceRecord<K extends StudioKind = StudioKind> {
  kind: K;
  /** version of the latest draft: the base of the next save */
  draftVersion: number;
  /** the published version, null when never published */
  publishedVersion: number | null;
  document: SurfaceDocument<K>;
}

/** What shoppers see of a kind: the published document, or the preset default (`version: null`) when nothing is published. */
export interface PublishedRecord<K extends StudioKind = StudioKind> {
  kind: K;
  version: number | null;
  document: SurfaceDocument<K>;
}

export interface SurfaceSummary {
  kind: SurfaceKind;
  draftVersion: number;
  publishedVersion: number | null;
  /** ISO time of the last change */
  updatedAt?: string | undefined;
  /** the draft has changes the storefront does not show yet */
  hasUnpublishedChanges: boolean;
}

/**
 * How a save resolved a conflict with the draft it is based on, which someone else saved after
 * this studio opened theirs: `kept_over` — kept over that draft ("Keep mine"), which stays a
 * version; `set_aside` — kept as a version, then that draft restored on top of it ("Keep theirs").
 */
export type ConflictResolution = 'kept_over' | 'set_aside';

export interface VersionInfo {
  version: number;
  /** ISO time */
  createdAt: string;
  published: boolean;
  /** who saved it, when known */
  author?: string | undefined;
  /** the version it was saved on (null or absent: the first) */
  basedOn?: number | null | undefined;
  /** a restore's source: `version` of `variant` (absent: this document's own line of versions) */
  restoredFrom?: { version: number; variant?: VariantLetter | undefined } | null | undefined;
  /** how this save resolved a conflict with `basedOn` */
  conflict?: ConflictResolution | null | undefined;
}

/** scheduled → live (it has an end) or published (it has none) → ended; or cancelled, failed */
export type ScheduleState = 'scheduled' | 'live' | 'published' | 'ended' | 'cancelled' | 'failed';

/** A publish schedule: versions that go live at `startsAt` and, with `endsAt`, give way to what was live before. */
export interface PublishScheduleInfo {
  id: number;
  label: string;
  state: ScheduleState;
  /** ISO instants */
  startsAt: string;
  endsAt: string | null;
  items: { kind: string; version: number }[];
  author?: string | undefined;
  error?: string | null | undefined;
}

/** What "Schedule…" asks for: the versions it holds, and wall-clock times in the store's time zone (`2026-12-04T00:00`). */
export interface ScheduleRequest {
  items: { kind: StudioKind; version: number; surfaces?: readonly StyledSurface[] | undefined }[];
  startsAt: string;
  endsAt: string | null;
  label?: string | undefined;
}

/** A preview link: the store page that shows the drafts to the browser opening it, until `expiresAt` or revoked. */
export interface PreviewLinkInfo {
  id: number;
  url: string | null;
  token: string;
  expiresAt: string;
}

/** Someone else with the same studio open on this store. */
export interface EditorInfo {
  name: string;
  email: string;
  /** the signed-in person themselves, in another browser or window */
  sameUser: boolean;
}

export interface GalleryImage {
  url: string;
  name: string;
}

/** One icon of the library: what documents store (`id`), its name, and its 24×24 stroke drawing. */
export interface IconInfo {
  id: string;
  label: string;
  path: string;
  viewBox: string;
}

/** A failed call. `code: 'version_conflict'` means someone saved after our base version. */
export class BuilderApiError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly fieldErrors: Record<string, string> | undefined;
  constructor(message: string, options: { code?: string | undefined; status?: number | undefined; fieldErrors?: Record<string, string> | undefined } = {}) {
    super(message);
    this.name = 'BuilderApiError';
    this.code = options.code;
    this.status = options.status;
    this.fieldErrors = options.fieldErrors;
  }
}

export const isConflict = (error: unknown): boolean => error instanceof BuilderApiError && error.code === 'version_conflict';

/** One line of versions per document: the latest draft, saves on a base version (409 when stale), the versions and restore. */
export interface VersionedDocuments<D extends StudioKind> {
  load<K extends D>(kind: K): Promise<SurfaceRecord<K>>;
  /**
   * saves a new draft on top of `baseVersion`; rejects with a `version_conflict` error when
   * stale; `conflict` says how the save resolves a conflict with `baseVersion`
   */
  saveDraft<K extends D>(kind: K, baseVersion: number, document: SurfaceDocument<K>, conflict?: ConflictResolution): Promise<{ version: number }>;
  versions(kind: D): Promise<VersionInfo[]>;
  /** makes `version` the new draft and answers the new record */
  restore<K extends D>(kind: K, version: number): Promise<SurfaceRecord<K>>;
}

export interface BuilderApi extends VersionedDocuments<StudioKind> {
  /**
   * publishes `version`; for the custom style, `surfaces` publishes only their styles and
   * `draftVersion` is the draft to go on from (its document is the one published from)
   */
  publish(kind: StudioKind, version: number, surfaces?: readonly StyledSurface[]): Promise<{ publishedVersion: number; draftVersion?: number }>;
  /** what the storefront shows of `kind` now (the publish dialog compares the draft with it) */
  loadPublished<K extends StudioKind>(kind: K): Promise<PublishedRecord<K>>;
  surfaces(): Promise<SurfaceSummary[]>;
  uploadImage(file: File): Promise<GalleryImage>;
  listGallery(): Promise<GalleryImage[]>;
  /** the icon library (POST /icons/list), narrowed to names or ids containing `search` */
  icons(search?: string): Promise<IconInfo[]>;
  /** the store's program as the storefront draws it; without it the canvas shows the sample program */
  program?(): Promise<ProgramData>;
  /** the schedules publishing one of `kinds`, newest first, and the store's time zone; absent: Publish now only */
  schedules?(kinds: readonly StudioKind[]): Promise<{ timeZone: string; schedules: PublishScheduleInfo[] }>;
  schedulePublish?(request: ScheduleRequest): Promise<PublishScheduleInfo>;
  /** cancels a schedule not started yet, or the end of a live one */
  cancelSchedule?(id: number): Promise<PublishScheduleInfo>;
  /**
   * a preview link of the saved drafts (24 hours): the store's page to open with it (null when
   * the store has no website) and its token; absent: no "Preview on store"
   */
  previewLink?(): Promise<PreviewLinkInfo>;
  revokePreviewLink?(id: number): Promise<void>;
  /**
   * heartbeat of an open studio (every 15 s): answers who else of this store has it open;
   * absent: the studio shows no presence
   */
  editing?(studio: StudioId): Promise<EditorInfo[]>;
  /** the studio was closed: this sign-in no longer counts as editing it */
  stopEditing?(studio: StudioId): Promise<void>;
  /** public store key, for the "view on storefront" link */
  storeKey?(): string | undefined;
  /** fetches the published landing page; rejects with "HTTP error! status: {status}" when it does not answer (spec §8) */
  landingPage?: () => Promise<void>;
  /**
   * the surfaces' variant B for experiments, versioned like the drafts (never published); its
   * `load` rejects with code `no_variant` while none is saved; absent: the studio offers no variant B
   */
  variantB?: VersionedDocuments<VariantKind> | undefined;
}
