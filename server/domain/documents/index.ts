/**
 * Settings documents per store and kind: versions with a draft and one published
 * version, validated with renderers/contract on save, migrated on read, with the preset default
 * where a store has nothing yet. A surface's variant B (experiments) is a second line of versions
 * of the same kind, saved, listed and restored the same way, never published.
 */
export { DocumentInvalidError, VersionConflictError, VersionNotFoundError } from './errors.ts';
export {
  getDocument,
  listVersions,
  loadDraftDocuments,
  loadPublishedDocument,
  loadPublishedDocuments,
  surfaceSummary,
  type DocumentProblem,
  type DocumentState,
  type PublishedDocument,
  type PublishedDocuments,
  type SurfaceSummary,
  type VersionInfo,
} from './read.ts';
export { changeDraft, publishVersion, restoreVersion, saveAndPublish, saveDraft, saveDraftOnLatest, type SavedVersion } from './write.ts';
export type { ConflictResolution, DocumentVariant } from './kinds.ts';
export { publishSurfaceStyles, type PublishedSurfaceStyles, type PublishSurfaceStyles } from './publish-styles.ts';
export { cancelSchedule, createSchedule, findSchedule, listSchedules, presentSchedule, type ScheduleView } from './schedules.ts';
export { publishScheduleJob, runScheduleStep } from './schedule-job.ts';
export type { PublishSchedule, ScheduleItem, ScheduleState } from './schedule-tables.ts';
export { heartbeat, leaveStudio, otherEditors, PRESENCE_TTL_MS, type Editor, type PresenceKey } from './editing-presence.ts';
export { createPreviewLink, previewAllowed, revokePreviewLink, PREVIEW_TTL_MS } from './preview-links.ts';
