/**
 * The renderers' public API: every shopper surface drawn from (settings document, context).
 * The schema lives in `renderers/contract`, the storefront embed in `renderers/embed`, server-side
 * rendering in `renderers/ssr` (kept out of this barrel: react-dom/server has no place in a
 * browser bundle).
 */
export * from './context.ts';
export * from './format/index.ts';
export * from './i18n/index.ts';
export * from './theme/index.ts';
export * from './landing/index.ts';
export * from './widget/index.ts';
export * from './launcher/index.ts';
export * from './sticky-bar/index.ts';
export { EditableContext } from './shared/editable.tsx';
export type { Editable, EditableTextInfo, EditableOwnerInfo } from './shared/editable.tsx';
