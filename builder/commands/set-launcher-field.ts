/** Sets one launcher setting for one device (spec §3: the launcher is configured per device). */
import type { Device, LauncherSettings } from '../../renderers/contract/index.ts';
import { docOf } from '../store/documents.ts';
import { defineCommand } from './command.ts';

export type SetLauncherFieldArgs = { [K in keyof LauncherSettings]: { device: Device; key: K; value: LauncherSettings[K] } }[keyof LauncherSettings];

export const setLauncherField = defineCommand<SetLauncherFieldArgs>({
  name: 'set-launcher-field',
  perform(docs, { device, key, value }) {
    const settings = docOf(docs, 'launcher')[device] as Record<string, unknown>;
    if (settings[key] !== value) settings[key] = value;
  },
  coalesce: ({ device, key }) => `launcher:${device}:${key}`,
});
