/**
 * Theme tokens → CSS custom properties. The token values live in presets (the renderers may not
 * import them): callers pass the four themes to `buildStylesheet(themes)` once, and every
 * surface root names its theme with `data-theme`.
 */
import { contrastRatio, FONT_STACKS, isColour, isColourSyntax, MIN_TEXT_CONTRAST, THEMES, THEME_CSS_VARIABLES } from '../contract/index.ts';
import type { Palette, ThemeName, ThemeTokens } from '../contract/index.ts';
import type { ThemeSet } from '../context.ts';

const PIXEL_TOKENS = new Set<keyof ThemeTokens>(['font_size', 'radius', 'spacing']);

/** `--ls-background:#fff;--ls-text:#333;…` for one theme; a value that is not valid is left out. */
export function themeDeclarations(tokens: ThemeTokens): string {
  return (Object.keys(THEME_CSS_VARIABLES) as (keyof ThemeTokens)[])
    .map((key) => {
      const value = tokens[key];
      let css: string | undefined;
      if (key === 'font_family') css = FONT_STACKS[value as keyof typeof FONT_STACKS];
      else if (PIXEL_TOKENS.has(key)) css = typeof value === 'number' && Number.isFinite(value) ? `${value}px` : undefined;
      else css = typeof value === 'string' && isColourSyntax(value) ? value : undefined;
      return css === undefined ? '' : `${THEME_CSS_VARIABLES[key]}:${css}`;
    })
    .filter(Boolean)
    .join(';');
}

/**
 * One rule per theme, keyed by the root's `data-theme`; the first (light) is also the default.
 * `names` limits the rules to the themes a page uses (the storefront bootstrap sends only those).
 */
export function themeRules(themes: ThemeSet, names: readonly ThemeName[] = THEMES): string {
  return THEMES.filter((name) => names.includes(name))
    .map((name) => {
      const selector = name === THEMES[0] ? `.ls-root,.ls-root[data-theme="${name}"]` : `.ls-root[data-theme="${name}"]`;
      return `${selector}{${themeDeclarations(themes[name])}}`;
    })
    .join('');
}

const readable = (fg: string, bg: string) => (contrastRatio(fg, bg) ?? 0) >= MIN_TEXT_CONTRAST;

/**
 * Custom properties that apply a landing page palette on top of its theme. A palette colour that
 * would be unreadable on this theme (below 4.5:1 against the text it pairs with) is left out, so
 * switching to the dark theme never produces dark-on-dark text.
 */
export function paletteProperties(palette: Palette, tokens: ThemeTokens | undefined): Record<string, string> {
  const props: Record<string, string> = {};
  if (isColour(palette.primary_color) && (!tokens || readable(tokens.accent_text, palette.primary_color))) {
    props['--ls-accent'] = palette.primary_color;
  }
  if (isColour(palette.secondary_color)) props['--ls-secondary'] = palette.secondary_color;
  if (isColour(palette.text_color) && (!tokens || readable(palette.text_color, tokens.background))) {
    props['--ls-text'] = palette.text_color;
  }
  return props;
}
