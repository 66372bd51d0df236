export { Launcher, launcherCustomProperties, launcherStyle, DEFAULT_LAUNCHER_TITLE } from './Launcher.tsx';
export type { LauncherProps } from './Launcher.tsx';
