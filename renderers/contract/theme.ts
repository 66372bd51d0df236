/**
 * The four themes (spec §3) and the tokens a theme defines. Renderers write each token as a CSS
 * custom property (`THEME_CSS_VARIABLES`) on the surface root; the values live in presets.
 */
import { z } from 'zod';
import { colourSchema, integer, oneOf } from './primitives.ts';

export const THEMES = ['light', 'light-mobile', 'light-high-contrast-experimental', 'dark-experimental'] as const;
export type ThemeName = (typeof THEMES)[number];
export const themeNameSchema = oneOf(THEMES);

/** Font stacks a theme or a custom style may choose; free text would let CSS in. */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", Times, serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Nunito", system-ui, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
} as const;
export type FontStack = keyof typeof FONT_STACKS;
export const fontStackSchema = oneOf(Object.keys(FONT_STACKS) as [FontStack, ...FontStack[]]);

export const themeTokensSchema = z.strictObject({
  /** page / panel background and the text drawn on it */
  background: colourSchema,
  text: colourSchema,
  /** secondary text on `background` */
  text_muted: colourSchema,
  /** cards, inputs: background and text */
  surface: colourSchema,
  surface_text: colourSchema,
  /** primary actions and the text on them */
  accent: colourSchema,
  accent_text: colourSchema,
  border: colourSchema,
  focus_ring: colourSchema,
  font_family: fontStackSchema,
  /** base font size in px */
  font_size: integer(12, 24),
  /** corner radius of cards and buttons in px */
  radius: integer(0, 32),
  /** outer spacing unit in px */
  spacing: integer(2, 32),
});
export type ThemeTokens = z.infer<typeof themeTokensSchema>;

export const THEME_CSS_VARIABLES = {
  background: '--ls-background',
  text: '--ls-text',
  text_muted: '--ls-text-muted',
  surface: '--ls-surface',
  surface_text: '--ls-surface-text',
  accent: '--ls-accent',
  accent_text: '--ls-accent-text',
  border: '--ls-border',
  focus_ring: '--ls-focus-ring',
  font_family: '--ls-font-family',
  font_size: '--ls-font-size',
  radius: '--ls-radius',
  spacing: '--ls-spacing',
} as const satisfies Record<keyof ThemeTokens, `--ls-${string}`>;

/** Text/background token pairs that must reach the publishing contrast. */
export const THEME_CONTRAST_PAIRS = [
  ['text', 'background'],
  ['text_muted', 'background'],
  ['surface_text', 'surface'],
  ['accent_text', 'accent'],
] as const satisfies readonly (readonly [keyof ThemeTokens, keyof ThemeTokens])[];
