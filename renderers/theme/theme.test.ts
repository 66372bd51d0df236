import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { THEMES, THEME_CSS_VARIABLES } from '../contract/index.ts';
import { DARK_TOKENS, LIGHT_TOKENS, TEST_THEMES } from '../testing/fixtures.ts';
import { buildStylesheet, paletteProperties, STYLESHEET, themeDeclarations, themeRules } from './index.ts';

describe('stylesheet', () => {
  it('fits the storefront CSS budget of 4 KB gzip', () => {
    const css = buildStylesheet(TEST_THEMES);
    const gzip = gzipSync(css, { level: 9 }).length;
    console.log(`renderer stylesheet: ${css.length} B raw, ${gzip} B gzip (budget 4096 B)`);
    expect(gzip).toBeLessThanOrEqual(4096);
  });

  it('only uses ls- prefixed classes', () => {
    const classes = [...STYLESHEET.matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]!);
    expect(classes.filter((c) => !c.startsWith('ls-'))).toEqual([]);
  });

  it('honours prefers-reduced-motion and has a desktop breakpoint plus a forced device', () => {
    expect(STYLESHEET).toContain('@media (prefers-reduced-motion:reduce)');
    expect(STYLESHEET).toContain('@media (min-width:768px)');
    expect(STYLESHEET).toContain('.ls-root[data-device=desktop] .ls-grid');
  });
});

describe('theme rules', () => {
  it('writes one rule per theme with every token as a custom property', () => {
    const rules = themeRules(TEST_THEMES);
    for (const theme of THEMES) expect(rules).toContain(`.ls-root[data-theme="${theme}"]{`);
    for (const variable of Object.values(THEME_CSS_VARIABLES)) expect(rules).toContain(`${variable}:`);
    expect(themeDeclarations(LIGHT_TOKENS)).toContain('--ls-font-size:15px');
  });

  it('drops a token value that is not a colour', () => {
    expect(themeDeclarations({ ...LIGHT_TOKENS, text: 'red;}body{x:y' })).not.toContain('--ls-text:');
  });

  it('applies the palette except colours unreadable on the theme', () => {
    const palette = { primary_color: '#047b5d', secondary_color: '#d9d64d', text_color: '#333333' };
    expect(paletteProperties(palette, LIGHT_TOKENS)).toEqual({ '--ls-accent': '#047b5d', '--ls-secondary': '#d9d64d', '--ls-text': '#333333' });
    expect(paletteProperties(palette, DARK_TOKENS)).toEqual({ '--ls-secondary': '#d9d64d' });
  });
});
