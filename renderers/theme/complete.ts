/**
 * The complete stylesheet of every surface (builder canvas, SSR landing page): the shared rules
 * and each landing section type's own. The storefront never gets this one: the bootstrap carries
 * `LOADER_STYLESHEET` and the widget module `WIDGET_STYLESHEET` (./stylesheet.ts).
 */
import type { ThemeSet } from '../context.ts';
import { LANDING_SECTION_STYLES } from '../landing/sections/registry.ts';
import { SHARED_STYLESHEET } from './stylesheet.ts';
import { themeRules } from './themes.ts';

/** Structural rules of every surface; pair with `themeRules(...)` (see `buildStylesheet`). */
export const STYLESHEET: string = SHARED_STYLESHEET + LANDING_SECTION_STYLES;

/** The complete stylesheet of every surface: theme custom properties + structural rules. */
export function buildStylesheet(themes: ThemeSet): string {
  return themeRules(themes) + STYLESHEET;
}
