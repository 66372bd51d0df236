/**
 * The builder studio's public API: the console imports the builder only through this file
 * (and lazily, so the builder is its own chunk).
 */
// oxlint-disable-next-line import/no-unassigned-import -- the studio's stylesheet is a side effect by nature
import './studio/studio.css';
// oxlint-disable-next-line import/no-unassigned-import -- as above: the presence and conflict styles
import './studio/collaboration.css';

export { BuilderStudio } from './studio/BuilderStudio.tsx';
export type { BuilderStudioProps } from './studio/BuilderStudio.tsx';
export { SurfaceThumbnail, SURFACE_CARDS, THUMBNAIL_SIZE } from './surfaces/SurfaceThumbnail.tsx';
export { BuilderApiError, SURFACE_KINDS } from './api.ts';
export type {
  BuilderApi,
  StudioKind,
  SurfaceKind,
  SurfaceRecord,
  PublishedRecord,
  SurfaceSummary,
  VersionInfo,
  GalleryImage,
  IconInfo,
  SurfaceDocument,
  PublishScheduleInfo,
  PreviewLinkInfo,
  ScheduleRequest,
  ScheduleState,
  VariantKind,
  VersionedDocuments,
} from './api.ts';
export type { StudioSurface } from './store/documents.ts';
export { EmailStudio } from './email/EmailStudio.tsx';
export { LanguageSwitch, NotTranslated } from './email/language-choice.tsx';
export type { EmailStudioApi, EmailStudioProps, EmailPreviewResult } from './email/EmailStudio.tsx';
