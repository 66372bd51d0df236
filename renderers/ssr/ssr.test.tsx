import { describe, expect, it } from 'vitest';
import { landingDoc, launcherDoc, memberCtx, section, stickyBarDoc, TEST_THEMES, visitorCtx, widgetDoc } from '../testing/fixtures.ts';
import { buildStylesheet } from '../theme/index.ts';
import { renderLandingDocument, renderSurfaceMarkup } from './index.tsx';

describe('SSR (Node)', () => {
  it('renders a complete HTML document with the stylesheet inlined', () => {
    const stylesheet = buildStylesheet(TEST_THEMES);
    const page = renderLandingDocument(landingDoc(), visitorCtx(), { title: 'Rewards · Demo <Shop>', lang: 'de', stylesheet });
    expect(page.startsWith('<!doctype html><html lang="de">')).toBe(true);
    expect(page).toContain('<title>Rewards · Demo &lt;Shop&gt;</title>');
    expect(page).toContain(stylesheet);
    expect(page).not.toContain('<script');
    expect(page).toContain('<h1 class="ls-title"');
    expect(page).toContain('href="/account/register"');
    expect(page).toMatch(/<details( open="")?><summary>Perks/);
    expect(page.endsWith('</main></body></html>')).toBe(true);
  });

  it('lets media queries choose the layout (no forced device) and refuses a strange lang', () => {
    const page = renderLandingDocument(landingDoc([section('banner')]), memberCtx(), { title: 'x', lang: '"><script>' });
    expect(page).toContain('<html lang="en">');
    expect(page).not.toMatch(/<div class="ls-root ls-landing"[^>]*data-device/);
  });

  it('never lets the stylesheet close its style element', () => {
    const page = renderLandingDocument(landingDoc([]), visitorCtx(), { title: 'x', stylesheet: 'a{}</style><script>alert(1)</script>' });
    expect(page).not.toContain('</style><script>');
  });

  it('renders the markup of each surface for the embed', () => {
    const ctx = visitorCtx();
    expect(renderSurfaceMarkup({ kind: 'launcher', doc: launcherDoc() }, ctx)).toContain('Get Rewarded');
    expect(renderSurfaceMarkup({ kind: 'widget', doc: widgetDoc() }, ctx)).toContain('role="dialog"');
    expect(renderSurfaceMarkup({ kind: 'sticky_bar', doc: stickyBarDoc() }, ctx)).toContain('Earn 1 point per $1 spent');
    expect(renderSurfaceMarkup({ kind: 'landing_page', doc: landingDoc() }, ctx)).toContain('data-section-type="reward_list"');
  });
});
