import { describe, expect, it } from 'vitest';
import { setTheme } from './set-theme.ts';
import { freshDocs, runOn } from './testing.ts';

describe('set-theme', () => {
  it('sets the theme of the landing page, the widget and the sticky bar', () => {
    let docs = runOn(freshDocs(), setTheme, { kind: 'landing_page', theme: 'dark-experimental' });
    docs = runOn(docs, setTheme, { kind: 'widget', theme: 'light-high-contrast-experimental' });
    docs = runOn(docs, setTheme, { kind: 'sticky_bar', theme: 'light-mobile' });
    expect(docs.landing_page!.theme).toBe('dark-experimental');
    expect(docs.widget!.theme_type).toBe('light-high-contrast-experimental');
    expect(docs.sticky_bar!.bar.theme).toBe('light-mobile');
  });
  it('choosing the current theme is a no-op', () => {
    const docs = freshDocs();
    expect(runOn(docs, setTheme, { kind: 'landing_page', theme: docs.landing_page!.theme })).toBe(docs);
  });
});
