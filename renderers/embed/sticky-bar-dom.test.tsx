// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderContext } from '../context.ts';
import type { StickyBar as StickyBarDocument } from '../contract/index.ts';
import { StickyBar, stickyBarCustomProperties } from '../sticky-bar/index.ts';
import { memberCtx, servedCtx, stickyBarDoc, visitorCtx } from '../testing/fixtures.ts';
import { canonical, fromMarkup } from '../testing/markup.ts';
import { stickyBarWithFilledTexts } from '../ssr/filled-texts.ts';
import { createStickyBar, type StickyBarHandle } from './sticky-bar-dom.ts';

let handles: StickyBarHandle[] = [];
const mount = (...args: Parameters<typeof createStickyBar>) => {
  const handle = createStickyBar(...args);
  document.body.append(handle.element);
  handles.push(handle);
  return handle;
};
afterEach(() => {
  for (const handle of handles) handle.remove();
  handles = [];
});

/** Both drawings, their generated drawer ids renamed alike. */
function bothDrawings(doc: StickyBarDocument, ctx: RenderContext, custom?: Record<string, string>) {
  const ours = createStickyBar(document, stickyBarWithFilledTexts(doc, ctx), servedCtx(ctx, doc), custom);
  handles.push(ours);
  const theirs = fromMarkup(renderToStaticMarkup(<StickyBar doc={doc} ctx={ctx} />));
  const drawerId = (root: Element) => ({ [root.querySelector('.ls-drawer')!.id]: 'drawer' });
  return { ours: canonical(ours.element, drawerId(ours.element)), theirs: canonical(theirs, drawerId(theirs)) };
}

describe('loader sticky bar = renderers <StickyBar> (WYSIWYG on the storefront)', () => {
  const audiences = [
    ['visitor', visitorCtx],
    ['member', memberCtx],
  ] as const;
  const matrix = audiences.flatMap(([audience, ctx]) => (['desktop', 'mobile'] as const).map((device) => [audience, device, ctx({ device })] as const));

  it.each(matrix)('%s on %s', (_audience, _device, ctx) => {
    const { ours, theirs } = bothDrawings(stickyBarDoc(), ctx);
    expect(ours).toEqual(theirs);
  });

  const variants: [string, StickyBarDocument][] = [
    ['top overlay bar, dark theme', stickyBarDoc({ placement: 'top', overlay: true, theme: 'dark-experimental', height: 60 })],
    ['bar without text', stickyBarDoc({ text: '' })],
    ['own sign-up address', stickyBarDoc({}, { sign_up_url: 'https://shop.example/join' })],
    ['empty drawer texts', stickyBarDoc({}, { logged_out: { primary_text: '', secondary_text: '' }, logged_in: { primary_text: '', secondary_text: '' } })],
  ];
  it.each(variants)('%s, for both audiences', (_name, doc) => {
    for (const ctx of [visitorCtx(), memberCtx()]) {
      const { ours, theirs } = bothDrawings(doc, ctx);
      expect(ours).toEqual(theirs);
    }
  });

  it('in a custom style (properties resolved by the server)', () => {
    const ctx = visitorCtx({ customStyles: { sticky_bar: { accent_color: '#123456', shadow: 'soft' } } });
    const doc = stickyBarDoc();
    const { ours, theirs } = bothDrawings(doc, ctx, stickyBarCustomProperties(doc, ctx));
    expect(ours).toEqual(theirs);
  });
});

describe('loader sticky bar drawer', () => {
  it("shows a visitor a join link to the store's sign-up page", () => {
    const handle = mount(document, stickyBarDoc(), visitorCtx());
    handle.element.querySelector<HTMLButtonElement>('.ls-bar')!.click();
    const join = handle.element.querySelector<HTMLAnchorElement>('.ls-drawer a')!;
    expect(join.textContent).toBe('Join now');
    expect(join.getAttribute('href')).toBe('/account/register');
  });

  it('shows a member no join link', () => {
    const handle = mount(document, stickyBarDoc(), memberCtx());
    expect(handle.element.querySelector('.ls-drawer a')).toBeNull();
  });

  it('closes on Escape from inside the drawer and gives the focus back to the bar', () => {
    const handle = mount(document, stickyBarDoc(), visitorCtx());
    const bar = handle.element.querySelector<HTMLButtonElement>('.ls-bar')!;
    bar.click();
    const join = handle.element.querySelector<HTMLAnchorElement>('.ls-drawer a')!;
    join.focus();
    expect(document.activeElement).toBe(join);
    join.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(handle.element.querySelector<HTMLElement>('.ls-drawer')!.hidden).toBe(true);
    expect(bar.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bar);
  });
});
