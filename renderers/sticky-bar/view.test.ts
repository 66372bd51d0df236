import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAWER_SIGN_UP_URL } from '../contract/index.ts';
import type { RenderContext } from '../context.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import type { StickyBar } from '../contract/index.ts';
import { memberCtx, stickyBarDoc, visitorCtx } from '../testing/fixtures.ts';
import { reservedSpace, stickyBarPageCss, stickyBarView as viewOf, type StickyBarViewOptions } from './view.ts';

/** The view as the renderers' <StickyBar> asks for it: the texts' placeholders filled for the context. */
const stickyBarView = (doc: StickyBar, ctx: RenderContext, drawerId: string, options: Partial<StickyBarViewOptions> = {}) =>
  viewOf(doc, ctx, drawerId, { fill: (text) => fillPlaceholders(text, ctx), ...options });

describe('stickyBarView', () => {
  it("draws the visitor's logged-out texts and a join link to the store's sign-up page", () => {
    const view = stickyBarView(stickyBarDoc(), visitorCtx(), 'd1');
    expect(view.texts.map(({ field, text }) => [field, text])).toEqual([
      ['drawer.logged_out.primary_text', 'Join our program'],
      ['drawer.logged_out.secondary_text', 'Sign up to earn'],
    ]);
    expect(view.texts[0]!.className).toBe('ls-drawer-title');
    expect(view.join).toEqual({ attributes: { className: 'ls-btn', href: DEFAULT_DRAWER_SIGN_UP_URL, 'data-field': 'drawer.sign_up_url' }, label: 'Join now' });
  });

  it("links the join button to the document's own sign-up address when it has one", () => {
    const doc = stickyBarDoc({}, { sign_up_url: 'https://shop.example/join' });
    expect(stickyBarView(doc, visitorCtx(), 'd1').join?.attributes.href).toBe('https://shop.example/join');
  });

  it('never links to an address that is not safe (plain text instead)', () => {
    const doc = stickyBarDoc({}, { sign_up_url: 'javascript:alert(1)' });
    const join = stickyBarView(doc, visitorCtx(), 'd1').join;
    expect(join?.label).toBe('Join now');
    expect(join?.attributes.href).toBeUndefined();
  });

  it("draws a member's logged-in texts, placeholders filled and the saved text kept, and no join link", () => {
    const view = stickyBarView(stickyBarDoc(), memberCtx(), 'd1');
    expect(view.texts[0]).toMatchObject({
      field: 'drawer.logged_in.primary_text',
      raw: 'Hi {first_name}, you have {loyalty_points_balance} {points_label}',
      text: 'Hi Ada, you have 1,250 points',
    });
    expect(view.join).toBeNull();
  });

  it('leaves out empty texts; a bar without text is named "Rewards"', () => {
    const doc = stickyBarDoc({ text: '' }, { logged_out: { primary_text: '', secondary_text: 'Only this' } });
    const view = stickyBarView(doc, visitorCtx(), 'd1');
    expect(view.texts.map((t) => t.field)).toEqual(['drawer.logged_out.secondary_text']);
    expect(view.barText).toBeNull();
    expect(view.bar['aria-label']).toBe('Rewards');
    expect(stickyBarView(stickyBarDoc({ text: 'Hi' }), visitorCtx(), 'd1').bar['aria-label']).toBeUndefined();
  });

  it('ties the bar to the drawer it opens, a region named "Rewards" with a close button', () => {
    const view = stickyBarView(stickyBarDoc(), visitorCtx(), 'drawer-7');
    expect(view.bar['aria-controls']).toBe('drawer-7');
    expect(view.drawer).toEqual({ className: 'ls-drawer', id: 'drawer-7', role: 'region', 'aria-label': 'Rewards' });
    expect(view.close['aria-label']).toBe('Close');
  });

  it('carries theme, device, audience, placement, height and the custom style on its root', () => {
    const view = stickyBarView(stickyBarDoc({ theme: 'dark-experimental', placement: 'top', height: 60 }), memberCtx({ device: 'mobile' }), 'd1', {
      inline: true,
      custom: { '--ls-accent': '#123456' },
    });
    expect(view.wrap).toEqual({
      className: 'ls-root ls-bar-wrap',
      lang: 'en',
      dir: 'ltr',
      'data-theme': 'dark-experimental',
      'data-device': 'mobile',
      'data-audience': 'member',
      'data-placement': 'top',
      'data-inline': '',
    });
    expect(view.properties).toEqual({ '--ls-bar-h': '60px', '--ls-accent': '#123456' });
  });
});

describe('reservedSpace', () => {
  it.each([
    ['bottom', false, { side: 'bottom', size: '48px', padsBody: true }],
    ['bottom', true, { side: 'bottom', size: '48px', padsBody: true }],
    ['top', false, { side: 'top', size: '48px', padsBody: true }],
    ['top', true, { side: 'top', size: '48px', padsBody: false }],
  ] as const)('%s bar, overlay %s', (placement, overlay, expected) => {
    expect(reservedSpace(stickyBarDoc({ placement, overlay, height: 48 }))).toEqual(expected);
  });

  it('is also the CSS a host page can use', () => {
    expect(stickyBarPageCss(stickyBarDoc({ placement: 'top', height: 44, overlay: true }))).toBe('html{scroll-padding-top:44px}');
    expect(stickyBarPageCss(stickyBarDoc({ placement: 'top', height: 44 }))).toBe('html{scroll-padding-top:44px}body{padding-top:44px}');
  });
});
