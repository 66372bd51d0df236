/**
 * What the sticky bar shows, computed once for its two drawings: the renderers' `<StickyBar>`
 * (builder canvas, SSR) and the storefront loader's plain-DOM bar. Each only maps this view to
 * elements and wires the drawer's behaviour. No React, no DOM: the loader ships it.
 */
import { word } from '../i18n/catalog.ts';
import { textDirection } from '../i18n/direction.ts';
import type { RenderContext } from '../context.ts';
import { safeUrl } from '../format/safe.ts';
import { DEFAULT_DRAWER_SIGN_UP_URL, type StickyBar } from '../contract/index.ts';
import type { ViewAttributes } from '../shared/view.ts';

/** A merchant text: `raw` as saved (for the builder's inline editing), `text` with placeholders filled. */
export interface FieldTextView {
  field: string;
  raw: string;
  text: string;
  className?: string;
}

/** A link drawn as a button (its `href` is left out when the address is not safe: then it is plain text). */
export interface LinkView {
  attributes: ViewAttributes;
  label: string;
}

/**
 * The room the bar keeps on the page so it never covers the store's header or the focused
 * element: scroll padding on the root element always, padding on the body unless an overlay bar
 * lies at the top.
 */
export interface ReservedSpace {
  side: 'top' | 'bottom';
  /** the bar's height, e.g. `48px` */
  size: string;
  /** false: the bar lies over the page (a top overlay); only the scroll padding is set */
  padsBody: boolean;
}

export interface StickyBarView {
  /** the root around the bar and the drawer, and its custom properties */
  wrap: ViewAttributes;
  properties: Record<string, string>;
  /** the bar: a button that opens the drawer (its state, `aria-expanded`, is the drawing's) */
  bar: ViewAttributes;
  barText: FieldTextView | null;
  /** the drawer (hidden while closed) and what it holds after its close button */
  drawer: ViewAttributes;
  /** the drawer's close button (it holds the `close` icon) */
  close: ViewAttributes;
  texts: FieldTextView[];
  /** visitors only */
  join: LinkView | null;
  space: ReservedSpace;
}

export interface StickyBarViewOptions {
  /** in the page flow (builder canvas): no fixed position, no space reserved */
  inline?: boolean;
  /** the bar's custom style as custom properties (`stickyBarCustomProperties`) */
  custom?: Record<string, string>;
  /**
   * Fills the texts' placeholders for the context (`fillPlaceholders`); the storefront loader
   * passes its texts as the server filled them in the bootstrap.
   */
  fill: (text: string) => string;
}

export function reservedSpace(doc: StickyBar): ReservedSpace {
  const side = doc.bar.placement === 'top' ? 'top' : 'bottom';
  return { side, size: `${doc.bar.height}px`, padsBody: side === 'bottom' || !doc.bar.overlay };
}

/** CSS the host page needs so that the bar covers nothing (for hosts that prefer a stylesheet). */
export function stickyBarPageCss(doc: StickyBar): string {
  const { side, size, padsBody } = reservedSpace(doc);
  return `html{scroll-padding-${side}:${size}}${padsBody ? `body{padding-${side}:${size}}` : ''}`;
}

function fieldText(field: string, raw: string, fill: StickyBarViewOptions['fill'], className?: string): FieldTextView | null {
  return raw ? { field, raw, text: fill(raw), className } : null;
}

/** The bar and its drawer for the context's audience; `drawerId` ties the bar to the drawer it opens. */
export function stickyBarView(doc: StickyBar, ctx: RenderContext, drawerId: string, options: StickyBarViewOptions): StickyBarView {
  const { bar, drawer } = doc;
  const group = ctx.audience === 'member' ? 'logged_in' : 'logged_out';
  const texts = drawer[group];
  // the drawer's accessible name, and the bar's when it has no text
  const label = word(ctx, 'surface.rewards');
  return {
    wrap: {
      className: 'ls-root ls-bar-wrap',
      lang: ctx.locale,
      dir: textDirection(ctx.locale),
      'data-theme': bar.theme,
      'data-device': ctx.device,
      'data-audience': ctx.audience,
      'data-placement': bar.placement,
      'data-inline': options.inline ? '' : undefined,
    },
    properties: { '--ls-bar-h': `${bar.height}px`, ...options.custom },
    bar: { className: 'ls-bar', type: 'button', 'aria-label': bar.text.trim() ? undefined : label, 'aria-controls': drawerId },
    barText: fieldText('bar.text', bar.text, options.fill),
    drawer: { className: 'ls-drawer', id: drawerId, role: 'region', 'aria-label': label },
    close: { className: 'ls-icon-btn ls-drawer-close', type: 'button', 'aria-label': word(ctx, 'surface.close') },
    texts: [
      fieldText(`drawer.${group}.primary_text`, texts.primary_text, options.fill, 'ls-drawer-title'),
      fieldText(`drawer.${group}.secondary_text`, texts.secondary_text, options.fill),
    ].filter((text) => text !== null),
    join:
      ctx.audience === 'visitor'
        ? {
            attributes: { className: 'ls-btn', href: safeUrl(drawer.sign_up_url || DEFAULT_DRAWER_SIGN_UP_URL), 'data-field': 'drawer.sign_up_url' },
            label: word(ctx, 'join.now'),
          }
        : null,
    space: reservedSpace(doc),
  };
}
