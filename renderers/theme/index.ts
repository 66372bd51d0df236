export { buildStylesheet, STYLESHEET } from './complete.ts';
export { paletteProperties, themeDeclarations, themeRules } from './themes.ts';
export { loaderStylesheet } from './loader-stylesheet.ts';
export { type StyleBase } from './custom-style.ts';
export type { ThemeSet } from '../context.ts';
