// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Launcher, launcherCustomProperties } from '../launcher/index.ts';
import type { LauncherSettings } from '../contract/index.ts';
import { launcherDoc, memberCtx, servedCtx, stickyBarDoc, visitorCtx } from '../testing/fixtures.ts';
import { canonical, fromMarkup } from '../testing/markup.ts';
import { launcherWithFilledTexts, stickyBarWithFilledTexts } from '../ssr/filled-texts.ts';
import { createLauncher } from './launcher-dom.ts';
import { createStickyBar } from './sticky-bar-dom.ts';
import type { RenderContext } from '../context.ts';

describe('loader launcher = renderers <Launcher> (WYSIWYG on the storefront)', () => {
  const cases: [string, Partial<LauncherSettings>, RenderContext][] = [
    ['defaults', {}, visitorCtx()],
    ['empty title → Get Rewarded', { launcher_title: '' }, visitorCtx()],
    ['icon only, named by its title', { launcher_type: 'icon', launcher_title: 'Rewards for {first_name}' }, memberCtx()],
    ['text only', { launcher_type: 'text' }, visitorCtx()],
    ['no icon', { icon_type: 'none' }, visitorCtx()],
    ['image icon', { icon: 'https://cdn.example/icon.png', icon_type: 'custom' }, visitorCtx()],
    ['unsafe image icon', { icon: 'javascript:alert(1)', icon_type: 'custom' }, visitorCtx()],
    ['library icon from the context', { icon: 'coffee' }, visitorCtx({ icons: { coffee: 'M1 1h2' } })],
    ['right, square, zoomed, z-index', { placement: 'right', shape: 'square', zoom: 150, z_index: 5000, padding_bottom: 60, padding_side: 40 }, visitorCtx()],
    ['colour that is not a colour', { background_color: 'red;position:static' }, visitorCtx()],
    ['mobile device', {}, visitorCtx({ device: 'mobile' })],
    ['dark theme', {}, visitorCtx({ theme: 'dark-experimental' })],
  ];
  it.each(cases)('%s', (_name, settings, ctx) => {
    const doc = launcherDoc(settings, settings);
    const ours = createLauncher(document, launcherWithFilledTexts(doc, ctx), servedCtx(ctx, doc));
    const theirs = fromMarkup(renderToStaticMarkup(<Launcher doc={doc} ctx={ctx} expanded={false} />));
    expect(canonical(ours)).toEqual(canonical(theirs));
  });

  const audiencesAndDevices = [visitorCtx, memberCtx].flatMap((ctx) => (['desktop', 'mobile'] as const).map((device) => ctx({ device })));
  it.each(audiencesAndDevices.map((ctx) => [ctx.audience, ctx.device, ctx] as const))('%s on %s, different settings per device', (_audience, _device, ctx) => {
    const doc = launcherDoc(
      { launcher_title: 'Hi {first_name}', placement: 'left' },
      { launcher_type: 'icon', launcher_title: 'Perks', placement: 'right', shape: 'square' },
    );
    const ours = createLauncher(document, launcherWithFilledTexts(doc, ctx), servedCtx(ctx, doc));
    const theirs = fromMarkup(renderToStaticMarkup(<Launcher doc={doc} ctx={ctx} expanded={false} />));
    expect(canonical(ours)).toEqual(canonical(theirs));
  });

  it('never puts a non-colour into a style', () => {
    const button = createLauncher(document, launcherDoc({ background_color: 'red;position:static' }), visitorCtx());
    expect(button.getAttribute('style') ?? '').not.toContain('position');
  });
});

describe('loader sticky bar', () => {
  it('opens a drawer with the visitor texts, closes on Esc', () => {
    const handle = createStickyBar(document, stickyBarDoc(), visitorCtx());
    document.body.append(handle.element);
    const bar = handle.element.querySelector('button')!;
    const drawer = handle.element.querySelector<HTMLElement>('[role=region]')!;
    expect(bar.textContent).toBe('Earn 1 point per $1 spent');
    expect(drawer.hidden).toBe(true);
    bar.click();
    expect(bar.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.hidden).toBe(false);
    expect(drawer.textContent).toContain('Join our program');
    bar.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(drawer.hidden).toBe(true);
    handle.remove();
  });

  it('draws the member texts as the server filled them, as text', () => {
    const ctx = memberCtx({ member: { ...memberCtx().member!, firstName: '<img src=x onerror=alert(1)>' } });
    const handle = createStickyBar(document, stickyBarWithFilledTexts(stickyBarDoc(), ctx), ctx);
    handle.element.querySelector('button')!.click();
    const title = handle.element.querySelector('.ls-drawer-title')!;
    expect(title.textContent).toBe('Hi <img src=x onerror=alert(1)>, you have 1,250 points');
    expect(title.querySelector('img')).toBeNull();
    handle.remove();
  });

  it('at the bottom reserves its height below the page and gives it back', () => {
    const handle = createStickyBar(document, stickyBarDoc({ placement: 'bottom', height: 56 }), visitorCtx());
    expect(document.body.style.paddingBottom).toBe('56px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('56px');
    handle.remove();
    expect(document.body.style.paddingBottom).toBe('');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('an overlay at the top steps aside while the focused page element is under it (WCAG 2.4.11)', () => {
    const handle = createStickyBar(document, stickyBarDoc({ placement: 'top', height: 44, overlay: true }), visitorCtx());
    document.body.append(handle.element);
    const link = document.createElement('a');
    link.href = '#top';
    document.body.prepend(link);
    link.getBoundingClientRect = () => ({ top: 10, bottom: 30, left: 0, right: 50, width: 50, height: 20, x: 0, y: 10, toJSON: () => ({}) });
    link.focus();
    expect(handle.element.style.visibility).toBe('hidden');
    link.getBoundingClientRect = () => ({ top: 300, bottom: 320, left: 0, right: 50, width: 50, height: 20, x: 0, y: 300, toJSON: () => ({}) });
    link.blur();
    link.focus();
    expect(handle.element.style.visibility).toBe('');
    link.remove();
    handle.remove();
  });

  it('an overlay at the top moves nothing: no body padding, scroll padding for focus', () => {
    const handle = createStickyBar(document, stickyBarDoc({ placement: 'top', height: 44, overlay: true }), visitorCtx());
    expect(document.body.style.paddingTop).toBe('');
    expect(document.documentElement.style.scrollPaddingTop).toBe('44px');
    handle.remove();
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
  });

  it("at the top it reserves its height, as announcement bars do, so the store's header is not covered; removed, the page gets its padding back", () => {
    document.body.style.paddingTop = '3px';
    const handle = createStickyBar(document, stickyBarDoc({ placement: 'top', height: 44 }), visitorCtx());
    expect(document.body.style.paddingTop).toBe('44px');
    handle.remove();
    expect(document.body.style.paddingTop).toBe('3px');
    document.body.style.paddingTop = '';
  });

  it('the drawer closes with its close control and gives the focus back to the bar', () => {
    const handle = createStickyBar(document, stickyBarDoc({ placement: 'bottom', height: 44 }), visitorCtx());
    document.body.append(handle.element);
    const bar = handle.element.querySelector<HTMLButtonElement>('.ls-bar')!;
    bar.click();
    const drawer = handle.element.querySelector<HTMLElement>('.ls-drawer')!;
    expect(drawer.hidden).toBe(false);
    drawer.querySelector<HTMLButtonElement>('button[aria-label=Close]')!.click();
    expect(drawer.hidden).toBe(true);
    expect(document.activeElement).toBe(bar);
    handle.remove();
  });
});

describe('loader launcher and bar with a custom style (properties resolved by the server)', () => {
  it('the launcher equals <Launcher> in the same custom style', () => {
    const ctx = visitorCtx({ customStyles: { launcher: { accent_color: '#123456', shadow: 'soft', button_radius: 6 } } });
    const doc = launcherDoc({ shape: 'rounded' });
    const ours = createLauncher(document, launcherWithFilledTexts(doc, ctx), servedCtx(ctx, doc), launcherCustomProperties(doc.desktop, ctx));
    const theirs = fromMarkup(renderToStaticMarkup(<Launcher doc={doc} ctx={ctx} expanded={false} />));
    expect(canonical(ours)).toEqual(canonical(theirs));
    expect(ours.style.getPropertyValue('--ls-l-bg')).toBe('#123456');
  });

  it('the sticky bar sets the given properties on its root', () => {
    const handle = createStickyBar(document, stickyBarDoc(), visitorCtx(), { '--ls-accent': '#123456' });
    expect(handle.element.style.getPropertyValue('--ls-accent')).toBe('#123456');
    handle.remove();
  });
});
