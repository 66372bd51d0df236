export { STYLESHEET } from './stylesheet.ts';
export { buildStylesheet, paletteProperties, themeDeclarations, themeRules } from './themes.ts';
export type { ThemeSet } from '../context.ts';
