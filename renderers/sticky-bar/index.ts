export { StickyBar, stickyBarPageCss, stickyBarCustomProperties } from './StickyBar.tsx';
export type { StickyBarProps } from './StickyBar.tsx';
