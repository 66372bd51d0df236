/**
 * The storefront sticky bar drawn with plain DOM from `stickyBarView`, the view the renderers'
 * `<StickyBar>` draws too (a unit test compares both): a bar button that opens a drawer with the
 * logged-in or logged-out texts, a join button for visitors and a close control (Escape closes
 * it too; focus goes back to the bar).
 *
 * Its height is reserved on the page as announcement bars do (padding on the body and scroll
 * padding), so the store's own header is never covered: at the bottom that moves nothing above
 * it; at the top it pushes the page down once. A store that wants the bar over its page sets
 * `overlay`: then a top bar lies over the page without moving it, the scroll padding keeps
 * elements focused by keyboard clear of it, and when focus lands on something under the bar the
 * bar steps aside until focus moves on (WCAG 2.4.11: the focused element is never hidden).
 */
import type { RenderContext } from '../context.ts';
import type { StickyBar } from '../contract/index.ts';
import { reservePageSpace } from '../sticky-bar/page-space.ts';
import { stickyBarView } from '../sticky-bar/view.ts';
import { asFilled, el, iconNode, setProperties } from './dom.ts';

export interface StickyBarHandle {
  element: HTMLElement;
  /** removes the bar and gives the page back its padding */
  remove: () => void;
}

let drawers = 0;

/** `custom`: the bar's custom style as custom properties (`stickyBarCustomProperties`, resolved by the server). */
export function createStickyBar(doc: Document, bar: StickyBar, ctx: RenderContext, custom?: Record<string, string>): StickyBarHandle {
  const view = stickyBarView(bar, ctx, `ls-drawer-e${++drawers}`, { custom, fill: asFilled });
  const button = el(
    doc,
    'button',
    { ...view.bar, 'aria-expanded': 'false' },
    ...(view.barText ? [el(doc, 'span', { 'data-field': view.barText.field }, view.barText.text)] : []),
  );
  const close = el(doc, 'button', view.close, ...[iconNode(doc, 'close', ctx)].filter((node) => node !== null));
  const drawer = el(
    doc,
    'div',
    { ...view.drawer, hidden: '' },
    close,
    ...view.texts.map((text) => el(doc, 'p', { className: text.className, 'data-field': text.field }, text.text)),
    ...(view.join ? [el(doc, 'a', view.join.attributes, view.join.label)] : []),
  );
  const wrap = el(doc, 'div', view.wrap, button, drawer);
  setProperties(wrap, view.properties);

  const setOpen = (open: boolean) => {
    drawer.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  const closeDrawer = () => {
    setOpen(false);
    button.focus();
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  close.addEventListener('click', closeDrawer);
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !drawer.hidden) {
      event.stopPropagation();
      closeDrawer();
    }
  });

  const { side, padsBody } = view.space;
  const height = bar.bar.height;
  const giveBack = reservePageSpace(doc, view.space);

  // A top bar that lies over the page steps aside while the focused page element is under it.
  const onFocus = (event: FocusEvent) => {
    const target = event.target as Element | null;
    const ours = target instanceof Element && (wrap.contains(target) || (target.shadowRoot !== null && target.shadowRoot === wrap.getRootNode()));
    const under = side === 'top' && !padsBody && target instanceof Element && !ours && target.getBoundingClientRect().top < height;
    wrap.style.setProperty('visibility', under ? 'hidden' : '');
  };
  doc.addEventListener('focusin', onFocus);

  return {
    element: wrap,
    remove() {
      doc.removeEventListener('focusin', onFocus);
      wrap.remove();
      giveBack();
    },
  };
}
