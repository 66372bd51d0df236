/**
 * The storefront sticky bar drawn with plain DOM, with the markup of the renderers'
 * `<StickyBar>`: a bar button that opens a drawer with the logged-in or logged-out texts.
 *
 * Its height is reserved on the page as announcement bars do (padding on the body and scroll
 * padding), so the store's own header is never covered: at the bottom that moves nothing above
 * it; at the top it pushes the page down once. A store that wants the bar over its page sets
 * `overlay`: then a top bar lies over the page without moving it, the scroll padding keeps
 * elements focused by keyboard clear of it, and when focus lands on something under the bar the
 * bar steps aside until focus moves on (WCAG 2.4.11: the focused element is never hidden).
 * The drawer has a close control; Escape closes it too.
 */
import type { RenderContext } from '../context.ts';
import { fillPlaceholders } from '../format/placeholders.ts';
import type { StickyBar } from '../schema/index.ts';
import { el, iconNode, setProperties } from './dom.ts';

export interface StickyBarHandle {
  element: HTMLElement;
  /** removes the bar and gives the page back its padding */
  remove: () => void;
}

let drawers = 0;

/** `custom`: the bar's custom style as custom properties (`stickyBarCustomProperties`, resolved by the server). */
export function createStickyBar(doc: Document, bar: StickyBar, ctx: RenderContext, custom?: Record<string, string>): StickyBarHandle {
  const { placement, height, theme, text, overlay } = bar.bar;
  const member = ctx.audience === 'member';
  const texts = member ? bar.drawer.logged_in : bar.drawer.logged_out;
  const drawerId = `ls-drawer-e${++drawers}`;
  const fill = (value: string) => fillPlaceholders(value, ctx);
  const button = el(
    doc,
    'button',
    { type: 'button', class: 'ls-bar', 'aria-label': text.trim() ? undefined : 'Rewards', 'aria-expanded': 'false', 'aria-controls': drawerId },
    ...(text ? [el(doc, 'span', { 'data-field': 'bar.text' }, fill(text))] : []),
  );
  const group = member ? 'logged_in' : 'logged_out';
  const close = el(
    doc,
    'button',
    { type: 'button', class: 'ls-icon-btn ls-drawer-close', 'aria-label': 'Close' },
    ...[iconNode(doc, 'close', ctx)].filter((node) => node !== null),
  );
  const drawer = el(
    doc,
    'div',
    { class: 'ls-drawer', id: drawerId, role: 'region', 'aria-label': 'Rewards', hidden: '' },
    close,
    ...(texts.primary_text ? [el(doc, 'p', { class: 'ls-drawer-title', 'data-field': `drawer.${group}.primary_text` }, fill(texts.primary_text))] : []),
    ...(texts.secondary_text ? [el(doc, 'p', { 'data-field': `drawer.${group}.secondary_text` }, fill(texts.secondary_text))] : []),
  );
  const wrap = el(
    doc,
    'div',
    { class: 'ls-root ls-bar-wrap', 'data-theme': theme, 'data-device': ctx.device, 'data-audience': ctx.audience, 'data-placement': placement },
    button,
    drawer,
  );
  setProperties(wrap, { '--ls-bar-h': `${height}px`, ...custom });

  const setOpen = (open: boolean) => {
    drawer.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  close.addEventListener('click', () => {
    setOpen(false);
    button.focus();
  });
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !drawer.hidden) {
      event.stopPropagation();
      setOpen(false);
    }
  });

  const root = doc.documentElement.style;
  const body = doc.body.style;
  const scrollKey = placement === 'top' ? 'scroll-padding-top' : 'scroll-padding-bottom';
  const padKey = placement === 'top' ? 'padding-top' : 'padding-bottom';
  const reserve = placement === 'bottom' || !overlay;
  const before = { scroll: root.getPropertyValue(scrollKey), pad: body.getPropertyValue(padKey) };
  root.setProperty(scrollKey, `${height}px`);
  if (reserve) body.setProperty(padKey, `${height}px`);

  // A top bar steps aside while the focused page element is under it.
  const onFocus = (event: FocusEvent) => {
    const target = event.target as Element | null;
    const ours = target instanceof Element && (wrap.contains(target) || (target.shadowRoot !== null && target.shadowRoot === wrap.getRootNode()));
    const under = placement === 'top' && overlay === true && target instanceof Element && !ours && target.getBoundingClientRect().top < height;
    wrap.style.setProperty('visibility', under ? 'hidden' : '');
  };
  doc.addEventListener('focusin', onFocus);

  return {
    element: wrap,
    remove() {
      doc.removeEventListener('focusin', onFocus);
      wrap.remove();
      root.setProperty(scrollKey, before.scroll);
      if (reserve) body.setProperty(padKey, before.pad);
    },
  };
}
