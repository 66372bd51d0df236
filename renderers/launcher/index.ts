export { Launcher, launcherCustomProperties } from './Launcher.tsx';
export type { LauncherProps } from './Launcher.tsx';
export { DEFAULT_LAUNCHER_TITLE, LAUNCHER_ICON_FALLBACK, launcherProperties, launcherView } from './view.ts';
export type { LauncherView, LauncherViewOptions } from './view.ts';
