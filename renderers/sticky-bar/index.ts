export { StickyBar, stickyBarCustomProperties } from './StickyBar.tsx';
export type { StickyBarProps } from './StickyBar.tsx';
export { stickyBarPageCss } from './view.ts';
export type { FieldTextView, LinkView, ReservedSpace, StickyBarView, StickyBarViewOptions } from './view.ts';
