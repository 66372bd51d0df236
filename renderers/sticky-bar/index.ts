export { StickyBar, stickyBarPageCss } from './StickyBar.tsx';
export type { StickyBarProps } from './StickyBar.tsx';
