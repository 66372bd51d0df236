/**
 * Tiny DOM helpers of the storefront loader, which draws the launcher and the sticky bar without
 * a UI library (the loader must stay under 5 KB gzip). Text always goes in as text nodes.
 */
import type { RenderContext } from '../context.ts';
import { safeUrl } from '../format/safe.ts';

type Attributes = Record<string, string | undefined>;

/**
 * An element with attributes (undefined ones are left out; `className` is `class`, as in the
 * surfaces' views, which React spreads too) and text or element children.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name === 'className' ? 'class' : name, value);
  node.append(...children);
  return node;
}

/** The launcher's and the sticky bar's texts come with their placeholders filled by the server (the bootstrap): drawn as they are. */
export const asFilled = (text: string): string => text;

/** Sets custom properties (and only custom properties) through the CSSOM, which no store CSP blocks. */
export function setProperties(node: HTMLElement, properties: Record<string, string | number | undefined>): void {
  for (const [name, value] of Object.entries(properties)) if (value !== undefined) node.style.setProperty(name, String(value));
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Same output as the renderers' `<Icon>`: an https image, an icon, or the fallback drawing. The
 * drawings come with the bootstrap (`pageIcons`: the page's icons and the loader's chrome ones).
 */
export function iconNode(doc: Document, icon: string, ctx: RenderContext, fallback = 'gift'): Element | null {
  if (icon === '') return null;
  if (/^https?:/i.test(icon)) {
    const src = safeUrl(icon);
    return src ? el(doc, 'img', { class: 'ls-icon-img', src, alt: '', loading: 'lazy', decoding: 'async' }) : null;
  }
  const icons = ctx.icons ?? {};
  const path = Object.hasOwn(icons, icon) ? icons[icon] : icons[fallback];
  const svg = doc.createElementNS(SVG, 'svg');
  const attrs: Attributes = {
    class: 'ls-icon',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'data-icon': icon,
  };
  for (const [name, value] of Object.entries(attrs)) svg.setAttribute(name, value!);
  const shape = doc.createElementNS(SVG, 'path');
  shape.setAttribute('d', path ?? '');
  svg.append(shape);
  return svg;
}

/** Adds a stylesheet to the embed's shadow root (constructable sheets, else a <style>); earlier sheets stay. */
export function addStyles(root: ShadowRoot, css: string): void {
  const doc = root.host.ownerDocument;
  try {
    const sheet = new (doc.defaultView ?? globalThis).CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...(root.adoptedStyleSheets ?? []), sheet];
  } catch {
    const style = doc.createElement('style');
    style.textContent = css;
    root.append(style);
  }
}
