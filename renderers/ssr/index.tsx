/**
 * Server-side rendering. `renderLandingDocument` makes the complete HTML page of
 * `GET /landing/{store key}`: the stylesheet inlined, readable and usable without JavaScript
 * (links are links, perks and rewards are <details>). `renderSurfaceMarkup` gives the markup of
 * one surface for the embed to show before its code arrives.
 */
import { textDirection } from '../i18n/direction.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderContext, StorefrontStyleProperties } from '../context.ts';
import { LandingPage } from '../landing/LandingPage.tsx';
import { Launcher, launcherCustomProperties } from '../launcher/Launcher.tsx';
import type {
  LandingPage as LandingPageDocument,
  Launcher as LauncherDocument,
  StickyBar as StickyBarDocument,
  Widget as WidgetDocument,
} from '../contract/index.ts';
import { StickyBar, stickyBarCustomProperties } from '../sticky-bar/StickyBar.tsx';
import { STYLESHEET } from '../theme/complete.ts';
import { Widget } from '../widget/Widget.tsx';

export interface LandingDocumentOptions {
  /** the page's <title> */
  title: string;
  /** <html lang>, default "en" */
  lang?: string;
  /** the full stylesheet (`buildStylesheet(themes)`); default: the structural STYLESHEET only */
  stylesheet?: string;
  /** extra markup for the end of <head> (e.g. the embed's loader script tag); trusted, not escaped */
  headHtml?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A stylesheet can never close its <style> element. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

function renderLandingMarkup(doc: LandingPageDocument, ctx: RenderContext): string {
  return renderToStaticMarkup(<LandingPage doc={doc} ctx={ctx} responsive />);
}

export function renderLandingDocument(doc: LandingPageDocument, ctx: RenderContext, options: LandingDocumentOptions): string {
  const lang = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(options.lang ?? '') ? options.lang! : 'en';
  const css = styleText(options.stylesheet ?? STYLESHEET);
  return (
    '<!doctype html>' +
    `<html lang="${lang}"${textDirection(lang) === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(options.title)}</title>` +
    `<style>html,body{margin:0}body{background:#fff}${css}</style>${options.headHtml ?? ''}</head>` +
    `<body><main>${renderLandingMarkup(doc, ctx)}</main></body></html>`
  );
}

export type SurfaceDocument =
  | { kind: 'landing_page'; doc: LandingPageDocument }
  | { kind: 'widget'; doc: WidgetDocument }
  | { kind: 'launcher'; doc: LauncherDocument }
  | { kind: 'sticky_bar'; doc: StickyBarDocument };

/** Static markup of one surface (no event handlers): for the embed's first paint or a preview. */
export function renderSurfaceMarkup(surface: SurfaceDocument, ctx: RenderContext): string {
  switch (surface.kind) {
    case 'landing_page':
      return renderToStaticMarkup(<LandingPage doc={surface.doc} ctx={ctx} responsive />);
    case 'widget':
      return renderToStaticMarkup(<Widget doc={surface.doc} ctx={ctx} inline />);
    case 'launcher':
      return renderToStaticMarkup(<Launcher doc={surface.doc} ctx={ctx} />);
    case 'sticky_bar':
      return renderToStaticMarkup(<StickyBar doc={surface.doc} ctx={ctx} />);
  }
}

/**
 * The launcher's (both devices) and the sticky bar's custom style as custom properties, for the
 * storefront payload: the loader sets them as they are, so it carries no contrast check.
 */
export function storefrontStyleProperties(launcher: LauncherDocument, stickyBar: StickyBarDocument, ctx: RenderContext): StorefrontStyleProperties {
  return {
    launcher: { desktop: launcherCustomProperties(launcher.desktop, ctx), mobile: launcherCustomProperties(launcher.mobile, ctx) },
    sticky_bar: stickyBarCustomProperties(stickyBar, ctx),
  };
}

export { launcherWithFilledTexts, stickyBarWithFilledTexts } from './filled-texts.ts';
