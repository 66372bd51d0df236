import { createHash } from 'node:crypto';
import { makeContext } from '../../../renderers/context.ts';
import { escapeHtml, renderLandingDocument } from '../../../renderers/ssr/index.tsx';
import { buildStylesheet } from '../../../renderers/theme/index.ts';
import { ICONS, THEME_TOKENS } from '../../../presets/index.ts';
import { documentForLanguage } from '../../../renderers/contract/index.ts';
import type { PublishedLanding } from './landing.ts';

/** The icon library as the renderers want it: id → path. */
const ICON_PATHS: Record<string, string> = Object.fromEntries(ICONS.map((icon) => [icon.id, icon.path]));
const STYLESHEET = buildStylesheet(THEME_TOKENS);

export interface RenderedLanding {
  html: string;
  /** strong validator: the published version and a digest of the page (the program's rules included) */
  etag: string;
}

/** The address of the landing page in `language` (the default language's page has none in its path). */
export function landingPath(storeName: string, language?: string): string {
  return `/landing/${encodeURIComponent(storeName)}${language ? `/${encodeURIComponent(language)}` : ''}`;
}

/** `<link rel="alternate" hreflang>` for each language of the page, and x-default for the default one. */
function alternateLinks(landing: PublishedLanding, origin: string): string {
  const { languages, store } = landing;
  const link = (hreflang: string, path: string) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(origin + path)}">`;
  return [
    link('x-default', landingPath(store.storeName)),
    ...[languages.default, ...languages.others].map((language) => link(language, landingPath(store.storeName, language))),
  ].join('');
}

/**
 * The published landing page as a complete HTML document for visitors (no JavaScript needed), in
 * `language` (the store's default when absent), with its other languages as alternates.
 */
export function renderLanding(landing: PublishedLanding, options: { language?: string | undefined; origin?: string } = {}): RenderedLanding {
  const { document, store, program, customStyles, version } = landing;
  const language = options.language ?? landing.languages.default;
  const ctx = makeContext({
    audience: 'visitor',
    device: 'desktop',
    theme: document.theme,
    themes: THEME_TOKENS,
    icons: ICON_PATHS,
    program,
    customStyles,
    locale: language,
  });
  const html = renderLandingDocument(documentForLanguage(document, language), ctx, {
    title: `${store.title} · Rewards`,
    stylesheet: STYLESHEET,
    lang: language,
    headHtml: alternateLinks(landing, options.origin ?? ''),
  });
  const digest = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  return { html, etag: `"v${version ?? 0}-${digest}"` };
}

/** A plain page saying why there is no rewards page to show (a 404's body). */
function messagePage(title: string, paragraphs: string[]): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    '<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#333;background:#fff}' +
    'main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.6rem}code{background:#f5f6f7;padding:0 .25em}</style>' +
    `</head><body><main><h1>${title}</h1>${paragraphs.map((text) => `<p>${text}</p>`).join('')}</main></body></html>`
  );
}

/** The page for a store key nobody has: says so plainly. */
export function landingNotFoundPage(storeKey: string): string {
  return messagePage('Rewards page not found', [
    `There is no store with the key <code>${escapeHtml(storeKey.slice(0, 100))}</code>, so there is no rewards page to show.`,
    'Check the address, or ask the store for the link to its rewards page.',
  ]);
}

/** The page of a store whose landing page was never published: nothing of its drafts or of the defaults is shown. */
export function landingNotPublishedPage(storeTitle: string): string {
  return messagePage('Rewards page not published yet', [
    `${escapeHtml(storeTitle)} has not published its rewards page yet.`,
    'Come back soon, or ask the store for the link to its rewards page.',
  ]);
}

/** The page for a language the store does not write its rewards page in. */
export function landingLanguageNotFoundPage(storeTitle: string, language: string, defaultPath: string): string {
  return messagePage('Rewards page not available in this language', [
    `${escapeHtml(storeTitle)} has no rewards page in <code>${escapeHtml(language.slice(0, 35))}</code>.`,
    `<a href="${escapeHtml(defaultPath)}">Read it in the store's language</a>.`,
  ]);
}
