/** Tests of renderers/contract's helpers for the builder: readability before publishing, URL normalising. */
import { describe, expect, it } from 'vitest';
import { normaliseUrl, readabilityIssues, urlSchema, type CustomStyle, type LandingPage, type Launcher } from '../renderers/contract/index.ts';
import { DEFAULT_CUSTOM_STYLE, DEFAULT_LANDING_PAGE, DEFAULT_LAUNCHER, DEFAULT_WIDGET, THEME_TOKENS } from './index.ts';

function landing(edit: (page: LandingPage) => void): LandingPage {
  const page = structuredClone(DEFAULT_LANDING_PAGE);
  edit(page);
  return page;
}

describe('readabilityIssues', () => {
  it('points at a section font colour that is unreadable on its background', () => {
    const page = landing((p) => {
      p.sections[3]!.style = { font_color: '#777777', background_color: '#888888' };
    });
    const issues = readabilityIssues(page, THEME_TOKENS);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'sections.3.style.font_color', foreground: '#777777', background: '#888888' });
    expect(issues[0]!.message).toMatch(/^Text is hard to read on this background \(1\.\d:1\); it needs at least 4\.5:1$/);
  });

  it('a section background alone is checked against the palette text', () => {
    const page = landing((p) => {
      p.sections[1]!.style = { background_color: '#222222' };
    });
    expect(readabilityIssues(page, THEME_TOKENS).map((i) => i.path)).toEqual(['sections.1.style.background_color']);
  });

  it('a highlighted section sits on the primary colour with the theme accent text', () => {
    const page = landing((p) => {
      p.global.primary_color = '#eeeeee';
      p.sections[0]!.style = { font_size: 20, font_color: '#ffffff' };
    });
    expect(readabilityIssues(page, THEME_TOKENS).map((i) => i.path)).toEqual(['global.primary_color', 'sections.0.style.font_color']);
  });

  it('hidden sections are not checked; the palette text is checked against the theme', () => {
    const page = landing((p) => {
      p.sections[2]!.visible = false;
      p.sections[2]!.style = { font_color: '#fefefe' };
      p.theme = 'dark-experimental';
    });
    expect(readabilityIssues(page, THEME_TOKENS).map((i) => i.path)).toEqual(['global.text_color']);
  });

  it('widget, launcher and custom style pairs', () => {
    expect(readabilityIssues({ ...DEFAULT_WIDGET, background_color: '#dddddd' }, THEME_TOKENS).map((i) => i.path)).toEqual(['text_color']);
    const launcher: Launcher = { ...DEFAULT_LAUNCHER, mobile: { ...DEFAULT_LAUNCHER.mobile, background_color: 'rgb(250, 250, 250)' } };
    expect(readabilityIssues(launcher, THEME_TOKENS).map((i) => i.path)).toEqual(['mobile.text_color']);
    const style: CustomStyle = {
      ...DEFAULT_CUSTOM_STYLE,
      styles: {
        widget: { accent_color: '#ffff00', accent_text_color: '#ffffff', link_color: '#000' },
        launcher: { surface_color: '#222222', surface_text_color: '#333333' },
      },
    };
    expect(readabilityIssues(style, THEME_TOKENS).map((i) => i.path)).toEqual(['styles.widget.accent_text_color', 'styles.launcher.surface_text_color']);
  });

  it('translucent text is mixed with its background', () => {
    expect(readabilityIssues({ ...DEFAULT_WIDGET, text_color: 'rgba(255,255,255,0.3)' }, THEME_TOKENS)).toHaveLength(1);
  });
});

describe('normaliseUrl', () => {
  it.each([
    ['www.shop.com/rewards', 'https://www.shop.com/rewards'],
    ['shop.example.com', 'https://shop.example.com'],
    ['  https://shop.com  ', 'https://shop.com'],
    ['/account/login', '/account/login'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['not a url', 'not a url'],
  ])('%j → %j', (input, output) => {
    expect(normaliseUrl(input)).toBe(output);
  });

  it('its results for bare domains pass the URL schema', () => {
    expect(urlSchema.safeParse(normaliseUrl('www.shop.com/a?b=c#d')).success).toBe(true);
    expect(urlSchema.safeParse(normaliseUrl('javascript:alert(1)')).success).toBe(false);
  });
});
