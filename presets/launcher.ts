/** The default launcher (spec §9) and the coffee roaster demo. */
import { CURRENT_SCHEMA_VERSION, type Launcher } from '../renderers/contract/index.ts';
import { DEFAULT_LAUNCHER_SETTINGS } from './defaults.ts';

export const DEFAULT_LAUNCHER: Launcher = {
  kind: 'launcher',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  desktop: { ...DEFAULT_LAUNCHER_SETTINGS.desktop },
  mobile: { ...DEFAULT_LAUNCHER_SETTINGS.mobile },
};

export const DEMO_LAUNCHER: Launcher = {
  kind: 'launcher',
  schemaVersion: CURRENT_SCHEMA_VERSION,
  desktop: { ...DEFAULT_LAUNCHER_SETTINGS.desktop, launcher_title: 'Bean Club', icon: 'coffee', background_color: '#6b3f1d', shape: 'rounded' },
  mobile: {
    ...DEFAULT_LAUNCHER_SETTINGS.mobile,
    launcher_title: 'Bean Club',
    icon: 'coffee',
    background_color: '#6b3f1d',
    shape: 'rounded',
    launcher_type: 'icon',
  },
};
