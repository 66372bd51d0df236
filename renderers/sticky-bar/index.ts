export { StickyBar, stickyBarCustomProperties } from './StickyBar.tsx';
export type { StickyBarProps } from './StickyBar.tsx';
export { CLOSE_BUTTON, DRAWER_LABEL, JOIN_LABEL, reservedSpace, stickyBarPageCss, stickyBarView } from './view.ts';
export type { FieldTextView, LinkView, ReservedSpace, StickyBarView, StickyBarViewOptions } from './view.ts';
