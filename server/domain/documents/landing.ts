import { createHash } from 'node:crypto';
import { makeContext, type ProgramData } from '../../../renderers/context.ts';
import { renderLandingDocument, escapeHtml } from '../../../renderers/ssr/index.tsx';
import { buildStylesheet } from '../../../renderers/theme/index.ts';
import { ICONS, REFERRAL_WORDING, THEME_TOKENS } from '../../../presets/index.ts';
import type { Db } from '../../db/connection.ts';
import { loadPublishedDocument } from './read.ts';

/** The icon library as the renderers want it: id → path. */
const ICON_PATHS: Record<string, string> = Object.fromEntries(ICONS.map((icon) => [icon.id, icon.path]));
const STYLESHEET = buildStylesheet(THEME_TOKENS);

/**
 * Program data the landing page falls back on where its sections carry no methods or tiers of
 * their own. Until the loyalty engine serves the store's rules this is the presets' wording.
 */
const LANDING_PROGRAM: ProgramData = {
  pointsLabel: 'points',
  waysToEarn: [],
  waysToRedeem: [],
  vipTiers: [],
  referral: { referrer: REFERRAL_WORDING.referrerReward, referee: REFERRAL_WORDING.refereeReward },
};

export interface RenderedLanding {
  html: string;
  /** strong validator: the published version and a digest of the page */
  etag: string;
  /** null when nothing is published (the preset default is shown) */
  version: number | null;
}

/** The store's published landing page, in its published custom style, as a complete HTML document for visitors (no JavaScript needed). */
export async function renderPublishedLanding(db: Db, store: { id: number; title: string }): Promise<RenderedLanding> {
  const [published, style] = await Promise.all([loadPublishedDocument(db, store.id, 'landing_page'), loadPublishedDocument(db, store.id, 'custom_style')]);
  const { theme } = published.document;
  const customStyles = { landing_page: style.document.styles.landing_page };
  const ctx = makeContext({ audience: 'visitor', device: 'desktop', theme, themes: THEME_TOKENS, icons: ICON_PATHS, program: LANDING_PROGRAM, customStyles });
  const html = renderLandingDocument(published.document, ctx, { title: `${store.title} · Rewards`, stylesheet: STYLESHEET });
  const digest = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  return { html, etag: `"v${published.version ?? 0}-${digest}"`, version: published.version };
}

/** The page for a store key nobody has: says so plainly. */
export function landingNotFoundPage(storeKey: string): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Rewards page not found</title>'
    + '<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#333;background:#fff}'
    + 'main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.6rem}code{background:#f5f6f7;padding:0 .25em}</style>'
    + '</head><body><main><h1>Rewards page not found</h1>'
    + `<p>There is no store with the key <code>${escapeHtml(storeKey.slice(0, 100))}</code>, so there is no rewards page to show.</p>`
    + '<p>Check the address, or ask the store for the link to its rewards page.</p></main></body></html>';
}
