/**
 * Token values of the four themes (spec §3). Every text/background pair named by
 * THEME_CONTRAST_PAIRS reaches 4.5:1 (checked by the presets tests).
 */
import type { ThemeName, ThemeTokens } from '../renderers/contract/index.ts';

const light = {
  background: '#ffffff',
  text: '#333333',
  text_muted: '#5c6370',
  surface: '#f5f6f7',
  surface_text: '#333333',
  accent: '#047b5d',
  accent_text: '#ffffff',
  border: '#d0d5dd',
  focus_ring: '#0060e7',
  font_family: 'system',
  font_size: 15,
  radius: 10,
  spacing: 16,
} as const satisfies ThemeTokens;

export const THEME_TOKENS = {
  light,
  /** the light theme tuned for small screens: larger base text and touch targets, tighter spacing */
  'light-mobile': { ...light, font_size: 16, radius: 12, spacing: 12 },
  'light-high-contrast-experimental': {
    background: '#ffffff',
    text: '#000000',
    text_muted: '#2b2b2b',
    surface: '#ffffff',
    surface_text: '#000000',
    accent: '#00473a',
    accent_text: '#ffffff',
    border: '#000000',
    focus_ring: '#0033cc',
    font_family: 'system',
    font_size: 16,
    radius: 4,
    spacing: 16,
  },
  'dark-experimental': {
    background: '#121417',
    text: '#e8eaed',
    text_muted: '#a9afb7',
    surface: '#1e2227',
    surface_text: '#e8eaed',
    // the palette's primary works here too: white on #047b5d is 5.3:1
    accent: '#047b5d',
    accent_text: '#ffffff',
    border: '#3a4049',
    focus_ring: '#8ab4f8',
    font_family: 'system',
    font_size: 15,
    radius: 10,
    spacing: 16,
  },
} as const satisfies Record<ThemeName, ThemeTokens>;
