import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../context.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import type { Launcher } from '../contract/index.ts';
import { launcherDoc, memberCtx, visitorCtx } from '../testing/fixtures.ts';
import { DEFAULT_LAUNCHER_TITLE, launcherProperties, launcherView as viewOf, type LauncherViewOptions } from './view.ts';

/** The view as the renderers' <Launcher> asks for it: the title's placeholders filled for the context. */
const launcherView = (doc: Launcher, ctx: RenderContext, options: Partial<LauncherViewOptions> = {}) =>
  viewOf(doc, ctx, { fill: (text) => fillPlaceholders(text, ctx), ...options });

describe('launcherView', () => {
  it('titles an untitled launcher "Get Rewarded" (spec §9), also when the title is only spaces', () => {
    expect(launcherView(launcherDoc({ launcher_title: '' }), visitorCtx()).text?.value).toBe(DEFAULT_LAUNCHER_TITLE);
    expect(launcherView(launcherDoc({ launcher_title: '   ' }), visitorCtx()).text?.value).toBe('Get Rewarded');
  });

  it("fills the title's placeholders for the audience", () => {
    const doc = launcherDoc({ launcher_title: 'Rewards for {first_name}' });
    expect(launcherView(doc, memberCtx()).text).toEqual({ field: 'launcher_title', value: 'Rewards for Ada' });
  });

  it('fills the title with the function it is given (the loader draws the texts the server filled)', () => {
    const doc = launcherDoc({ launcher_title: 'Rewards for {first_name}' });
    expect(viewOf(doc, memberCtx(), { fill: (text) => text }).text?.value).toBe('Rewards for {first_name}');
  });

  it('names an icon-only launcher by its title, shows no text', () => {
    const view = launcherView(launcherDoc({ launcher_type: 'icon', launcher_title: 'Perks', icon: 'star' }), visitorCtx());
    expect(view.icon).toBe('star');
    expect(view.text).toBeNull();
    expect(view.attributes['aria-label']).toBe('Perks');
  });

  it('shows the title when an icon-only launcher has no icon, so the button is never empty', () => {
    for (const settings of [{ icon_type: 'none' as const }, { icon: '' }]) {
      const view = launcherView(launcherDoc({ launcher_type: 'icon', launcher_title: 'Perks', ...settings }), visitorCtx());
      expect(view.icon).toBeNull();
      expect(view.text?.value).toBe('Perks');
      expect(view.attributes['aria-label']).toBeUndefined();
    }
  });

  it('shows no icon for a text launcher', () => {
    const view = launcherView(launcherDoc({ launcher_type: 'text' }), visitorCtx());
    expect(view.icon).toBeNull();
    expect(view.attributes['data-type']).toBe('text');
  });

  it('draws the settings of the context device', () => {
    const doc = launcherDoc({ placement: 'left', shape: 'circular' }, { placement: 'right', shape: 'square' });
    expect(launcherView(doc, visitorCtx({ device: 'desktop' })).attributes).toMatchObject({
      'data-device': 'desktop',
      'data-placement': 'left',
      'data-shape': 'circular',
    });
    expect(launcherView(doc, visitorCtx({ device: 'mobile' })).attributes).toMatchObject({
      'data-device': 'mobile',
      'data-placement': 'right',
      'data-shape': 'square',
    });
  });

  it('is in the page flow only when inline', () => {
    expect(launcherView(launcherDoc(), visitorCtx(), { inline: true }).attributes['data-inline']).toBe('');
    expect(launcherView(launcherDoc(), visitorCtx()).attributes['data-inline']).toBeUndefined();
  });

  it('turns the settings into custom properties and leaves out a colour that is not a colour', () => {
    const settings = launcherDoc({
      zoom: 150,
      padding_bottom: 60,
      padding_side: 40,
      z_index: 5000,
      background_color: 'red;position:static',
      text_color: '#fefefe',
    }).desktop;
    const properties = launcherProperties(settings);
    expect(properties).toEqual({ '--ls-l-fg': '#fefefe', '--ls-zoom': '1.5', '--ls-pb': '60px', '--ls-ps': '40px', '--ls-z': '5000' });
    expect(properties['--ls-l-bg']).toBeUndefined();
  });

  it('lays the custom style over its own properties', () => {
    const view = launcherView(launcherDoc({ background_color: '#222222' }), visitorCtx(), { custom: { '--ls-l-bg': '#123456', '--ls-shadow': 'none' } });
    expect(view.properties['--ls-l-bg']).toBe('#123456');
    expect(view.properties['--ls-shadow']).toBe('none');
    expect(view.properties['--ls-z']).toBe('999');
  });
});
