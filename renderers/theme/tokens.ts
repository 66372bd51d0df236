/**
 * The four themes of spec §3 as design tokens. The stylesheet turns them into CSS custom
 * properties on `.ls-root[data-theme=…]`; the builder reads them for contrast checks.
 * The merchant palette (primary/secondary/text colours) overrides `primary`, `secondary`, `text`.
 */
import type { ThemeName } from '../context.ts';

export interface ThemeTokens {
  bg: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  focus: string;
  radius: string;
  fontSize: string;
}

export const THEME_NAMES: readonly ThemeName[] = ['light', 'light-mobile', 'light-high-contrast-experimental', 'dark-experimental'];

const light: ThemeTokens = {
  bg: '#ffffff', surface: '#f6f6f7', text: '#333333', muted: '#595c5f', border: '#8a8f94',
  primary: '#047b5d', onPrimary: '#ffffff', secondary: '#d9d64d', onSecondary: '#1f1f1f',
  focus: '#005bd3', radius: '12px', fontSize: '16px',
};

export const THEME_TOKENS: Record<ThemeName, ThemeTokens> = {
  light,
  'light-mobile': { ...light, radius: '16px', fontSize: '17px' },
  'light-high-contrast-experimental': {
    bg: '#ffffff', surface: '#ffffff', text: '#000000', muted: '#1a1a1a', border: '#000000',
    primary: '#00553f', onPrimary: '#ffffff', secondary: '#fff35c', onSecondary: '#000000',
    focus: '#0030a8', radius: '4px', fontSize: '17px',
  },
  'dark-experimental': {
    bg: '#17191a', surface: '#24272a', text: '#f1f1f1', muted: '#c4c7ca', border: '#767c82',
    primary: '#047b5d', onPrimary: '#ffffff', secondary: '#d9d64d', onSecondary: '#1f1f1f',
    focus: '#8ab4ff', radius: '12px', fontSize: '16px',
  },
};

const CSS_VARIABLE: Record<keyof ThemeTokens, string> = {
  bg: '--ls-bg', surface: '--ls-surface', text: '--ls-text', muted: '--ls-muted', border: '--ls-border',
  primary: '--ls-primary', onPrimary: '--ls-on-primary', secondary: '--ls-secondary', onSecondary: '--ls-on-secondary',
  focus: '--ls-focus', radius: '--ls-radius', fontSize: '--ls-fs',
};

export function themeDeclarations(tokens: ThemeTokens): string {
  return (Object.keys(CSS_VARIABLE) as (keyof ThemeTokens)[]).map((key) => `${CSS_VARIABLE[key]}:${tokens[key]}`).join(';');
}
