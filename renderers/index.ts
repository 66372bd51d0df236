/**
 * The renderers' public API: every shopper surface drawn from (settings document, context).
 * The schema lives in `renderers/schema`, the storefront embed in `renderers/embed`.
 */
export * from './context.ts';
export * from './format/index.ts';
export * from './theme/index.ts';
export * from './landing/index.ts';
export * from './widget/index.ts';
export * from './launcher/index.ts';
export * from './sticky-bar/index.ts';
export { renderLandingDocument, renderLandingMarkup, renderSurfaceMarkup, escapeHtml } from './ssr/index.tsx';
export type { LandingDocumentOptions, SurfaceDocument } from './ssr/index.tsx';
export { EditableContext } from './shared/editable.tsx';
export type { Editable, EditableTextInfo, EditableOwnerInfo } from './shared/editable.tsx';
export { Icon, BUILT_IN_ICONS } from './shared/icons.tsx';
