/** Launcher button settings (spec §3), one set per device. */
import { z } from 'zod';
import { TEXT_LIMITS, colourSchema, iconSchema, integer, oneOf, schemaVersionSchema, text } from './primitives.ts';
import { translationsSchema } from './translations.ts';

export const LAUNCHER_TYPES = ['icon', 'text', 'icon_text'] as const;
export const ICON_TYPES = ['library', 'custom', 'none'] as const;
export const LAUNCHER_PLACEMENTS = ['left', 'right'] as const;
export const LAUNCHER_SHAPES = ['circular', 'rounded', 'square'] as const;

export const launcherSettingsSchema = z.strictObject({
  /** size in percent */
  zoom: integer(50, 200),
  launcher_type: oneOf(LAUNCHER_TYPES),
  /** px from the bottom of the window */
  padding_bottom: integer(0, 200),
  /** px from the left or right edge (the side `placement` names) */
  padding_side: integer(0, 200),
  launcher_title: text(TEXT_LIMITS.label),
  background_color: colourSchema,
  text_color: colourSchema,
  /** library icon id or uploaded image address, per `icon_type` */
  icon: iconSchema,
  icon_type: oneOf(ICON_TYPES),
  placement: oneOf(LAUNCHER_PLACEMENTS),
  shape: oneOf(LAUNCHER_SHAPES),
  z_index: integer(0, 2_147_483_647),
});
export type LauncherSettings = z.infer<typeof launcherSettingsSchema>;

export const launcherSchema = z.strictObject({
  kind: z.literal('launcher', { error: 'Expected kind "launcher"' }),
  schemaVersion: schemaVersionSchema,
  mobile: launcherSettingsSchema,
  desktop: launcherSettingsSchema,
  /** the texts in the store's other languages (see translations.ts) */
  translations: translationsSchema,
});
export type Launcher = z.infer<typeof launcherSchema>;
