export { Launcher, launcherCustomProperties } from './Launcher.tsx';
export type { LauncherProps } from './Launcher.tsx';
export type { LauncherView, LauncherViewOptions } from './view.ts';
