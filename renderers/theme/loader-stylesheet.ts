/**
 * The stylesheet the storefront loader adds to its shadow root, as the bootstrap answer carries
 * it: the rules of the themes the page draws with, the launcher's and the sticky bar's rules and,
 * for a browser holding a preview link, the preview bar's. It arrives before anything is drawn,
 * so the launcher appears styled, in place.
 */
import type { ThemeName } from '../contract/index.ts';
import type { ThemeSet } from '../context.ts';
import { LOADER_STYLESHEET, PREVIEW_BAR_STYLESHEET } from './stylesheet.ts';
import { themeRules } from './themes.ts';

export function loaderStylesheet(themes: ThemeSet, used: readonly ThemeName[], preview: boolean): string {
  return themeRules(themes, used) + LOADER_STYLESHEET + (preview ? PREVIEW_BAR_STYLESHEET : '');
}
