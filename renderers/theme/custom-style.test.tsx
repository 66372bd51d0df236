import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CustomWidgetStyle, StyledSurface } from '../contract/index.ts';
import { LandingPage } from '../landing/index.ts';
import { Launcher, launcherCustomProperties } from '../launcher/index.ts';
import { StickyBar } from '../sticky-bar/index.ts';
import { landingDoc, launcherDoc, LIGHT_TOKENS, stickyBarDoc, visitorCtx, widgetDoc } from '../testing/fixtures.ts';
import { Widget } from '../widget/index.ts';
import { customStyleProperties, SHADOW_VALUES, withOwnColours } from './custom-style.ts';
import { STYLESHEET } from './complete.ts';

describe('customStyleProperties: each override becomes its custom property', () => {
  it.each<[string, CustomWidgetStyle, Record<string, string>]>([
    ['font family', { font_family: 'serif' }, { '--ls-font-family': 'Georgia, "Times New Roman", Times, serif' }],
    ['font scale', { font_scale: 120 }, { '--ls-font-scale': '1.2' }],
    ['corner radius', { border_radius: 4 }, { '--ls-radius': '4px' }],
    ['button radius', { button_radius: 0 }, { '--ls-btn-radius': '0px' }],
    ['shadow', { shadow: 'strong' }, { '--ls-shadow': SHADOW_VALUES.strong }],
    ['border colour', { border_color: '#e6d3b3' }, { '--ls-border': '#e6d3b3' }],
    ['accent colour', { accent_color: '#6b3f1d' }, { '--ls-accent': '#6b3f1d' }],
    ['accent text colour', { accent_text_color: '#ffffff', accent_color: '#000000' }, { '--ls-accent': '#000000', '--ls-accent-text': '#ffffff' }],
    ['link colour', { link_color: '#6b3f1d' }, { '--ls-link': '#6b3f1d' }],
    ['surface colours', { surface_color: '#fffaf2', surface_text_color: '#2b2118' }, { '--ls-surface': '#fffaf2', '--ls-surface-text': '#2b2118' }],
  ])('%s', (_name, style, expected) => {
    expect(customStyleProperties(style, LIGHT_TOKENS)).toEqual(expected);
  });

  it('the stylesheet reads every property a custom style sets', () => {
    const all = customStyleProperties(
      {
        font_family: 'serif',
        font_scale: 90,
        border_radius: 1,
        button_radius: 1,
        shadow: 'soft',
        border_color: '#000000',
        accent_color: '#000000',
        accent_text_color: '#ffffff',
        surface_color: '#ffffff',
        surface_text_color: '#000000',
        link_color: '#000000',
      },
      LIGHT_TOKENS,
    );
    expect(Object.keys(all)).toHaveLength(11);
    for (const name of Object.keys(all)) expect(STYLESHEET, name).toContain(`var(${name}`);
  });

  it('none (or an empty style) → no properties', () => {
    expect(customStyleProperties(undefined, LIGHT_TOKENS)).toEqual({});
    expect(customStyleProperties({}, LIGHT_TOKENS)).toEqual({});
  });

  it('leaves out a pair that would be unreadable, counting the theme for the half the style leaves alone', () => {
    // white accent text (theme) on a pale yellow accent: 1.1:1
    expect(customStyleProperties({ accent_color: '#ffff99' }, LIGHT_TOKENS)).toEqual({});
    expect(customStyleProperties({ surface_text_color: '#eeeeee' }, LIGHT_TOKENS)).toEqual({});
    expect(customStyleProperties({ accent_color: '#ffff99', accent_text_color: '#222222', link_color: '#f5f6f7' }, LIGHT_TOKENS)).toEqual({
      '--ls-accent': '#ffff99',
      '--ls-accent-text': '#222222',
    });
    // a link checked against the custom surface
    expect(customStyleProperties({ surface_color: '#111111', surface_text_color: '#ffffff', link_color: '#222222' }, LIGHT_TOKENS)).toEqual({
      '--ls-surface': '#111111',
      '--ls-surface-text': '#ffffff',
    });
  });

  it('drops values that are not what the schema allows (the embed reads the payload without zod)', () => {
    const hostile = {
      font_family: 'constructor',
      font_scale: 1e9,
      border_radius: 2.5,
      shadow: 'toString',
      accent_color: 'red;}body{x:y',
      border_color: 'url(x)',
    };
    expect(customStyleProperties(hostile as unknown as CustomWidgetStyle, LIGHT_TOKENS)).toEqual({});
  });

  it('withOwnColours paints a surface’s own colours with the accent pair', () => {
    expect(withOwnColours({ '--ls-accent': '#000000', '--ls-radius': '2px' }, ['--ls-w-bg', '--ls-w-fg'])).toEqual({
      '--ls-accent': '#000000',
      '--ls-radius': '2px',
      '--ls-w-bg': '#000000',
    });
  });
});

const STYLE: CustomWidgetStyle = { font_family: 'mono', border_radius: 3, shadow: 'none', accent_color: '#123456' };
const styled = (surface: StyledSurface) => visitorCtx({ customStyles: { [surface]: STYLE } });

describe('each surface root carries its own custom style, and only its own', () => {
  const surfaces: [StyledSurface, (ctx: ReturnType<typeof visitorCtx>) => string][] = [
    ['landing_page', (ctx) => renderToStaticMarkup(<LandingPage doc={landingDoc()} ctx={ctx} />)],
    ['widget', (ctx) => renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={ctx} inline />)],
    ['launcher', (ctx) => renderToStaticMarkup(<Launcher doc={launcherDoc()} ctx={ctx} />)],
    ['sticky_bar', (ctx) => renderToStaticMarkup(<StickyBar doc={stickyBarDoc()} ctx={ctx} />)],
  ];
  it.each(surfaces)('%s', (surface, render) => {
    const plain = render(visitorCtx());
    const root = render(styled(surface)).match(/^<[^>]+>/)![0];
    expect(root).toContain('--ls-font-family:ui-monospace');
    expect(root).toContain('--ls-radius:3px');
    expect(root).toContain('--ls-shadow:none');
    expect(root).toContain('--ls-accent:#123456');
    // another surface's style, or none at all, leaves the markup as it was
    const other = surfaces.find(([name]) => name !== surface)![0];
    expect(render(styled(other))).toBe(plain);
    expect(render(visitorCtx({ customStyles: {} }))).toBe(plain);
  });

  it('the widget and the launcher paint their own colours with the custom accent pair', () => {
    const widget = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={styled('widget')} inline />);
    expect(widget).toMatch(/--ls-w-bg:#123456/);
    const launcher = launcherCustomProperties(launcherDoc().desktop, styled('launcher'));
    expect(launcher).toMatchObject({ '--ls-l-bg': '#123456', '--ls-accent': '#123456' });
  });

  it('the widget checks the accent against its own text colour', () => {
    const doc = { ...widgetDoc(), text_color: '#ffffff' };
    const pale = renderToStaticMarkup(<Widget doc={doc} ctx={visitorCtx({ customStyles: { widget: { accent_color: '#fafafa' } } })} inline />);
    expect(pale).not.toContain('#fafafa');
  });
});
