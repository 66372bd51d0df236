/**
 * Server-side rendering of every preset landing page (Node), the page read with JavaScript off
 * and checked by axe, and the contrast of the default presets as the renderers draw them.
 */
import { axeOn } from './harness/axe.ts';
import { expect, test } from '@playwright/test';
import { DEFAULT_DOCUMENTS, DEMO_DOCUMENTS, ICONS, THEME_TOKENS } from '../../presets/index.ts';
import { makeContext, type RenderContext } from '../../renderers/context.ts';
import { contrastRatio, fillPlaceholders } from '../../renderers/format/index.ts';
import { THEME_CONTRAST_PAIRS, THEMES, type LandingPage } from '../../renderers/contract/index.ts';
import { gzipSync } from 'node:zlib';
import { renderLandingDocument, renderSurfaceMarkup } from '../../renderers/ssr/index.tsx';
import { buildStylesheet, paletteProperties } from '../../renderers/theme/index.ts';
import { DEMO_MEMBER, DEMO_PROGRAM } from './harness/demo-context.ts';
import { AXE_TAGS } from './harness/page.ts';
import { poisonDocument, XSS_FLAG } from './harness/xss.ts';

const PRESETS = { default: DEFAULT_DOCUMENTS, demo: DEMO_DOCUMENTS } as const;
const STYLESHEET = buildStylesheet(THEME_TOKENS);
const icons = Object.fromEntries(ICONS.map((i) => [i.id, i.path]));
const contextFor = (audience: 'member' | 'visitor'): RenderContext =>
  makeContext({ audience, program: DEMO_PROGRAM, icons, themes: THEME_TOKENS, ...(audience === 'member' ? { member: DEMO_MEMBER } : {}) });
const ORIGIN = 'http://landing.test';

function render(doc: LandingPage, audience: 'member' | 'visitor') {
  return renderLandingDocument(doc, contextFor(audience), { title: 'Rewards', lang: 'en', stylesheet: STYLESHEET });
}

for (const [name, documents] of Object.entries(PRESETS)) {
  for (const audience of ['member', 'visitor'] as const) {
    test(`SSR in Node: ${name} landing page · ${audience}, every theme`, () => {
      const ctx = contextFor(audience);
      for (const theme of THEMES) {
        const doc = { ...documents.landing_page, theme };
        const html = render(doc, audience);
        expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
        expect(html).toContain(`data-theme="${theme}"`);
        expect(html).not.toContain('<script');
        for (const section of doc.sections.filter((s) => s.visible)) {
          expect(html).toContain(`data-section-id="${section.id}"`);
          const title = section.content[audience].title;
          if (title) expect(html).toContain(fillPlaceholders(title, ctx).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
        }
      }
    });

    test(`SSR page with JavaScript off: ${name} · ${audience} is readable, linked and passes axe`, async ({ browser }) => {
      const html = render(documents.landing_page, audience);
      for (const javaScriptEnabled of [false, true]) {
        const context = await browser.newContext({ javaScriptEnabled });
        const outside: string[] = [];
        await context.route('**/*', (route) => {
          if (route.request().url().startsWith(ORIGIN)) return route.fulfill({ body: html, contentType: 'text/html' });
          outside.push(route.request().url());
          return route.abort();
        });
        const page = await context.newPage();
        await page.goto(`${ORIGIN}/landing/demo`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(documents.landing_page.sections.length - 1);
        await expect(page.getByRole('link').first()).toHaveAttribute('href', /^(\/|#|https?:)/);
        // perks and rewards are <details>: they open without JavaScript
        const closed = await page.locator('details').evaluateAll((all) => all.findIndex((d) => !d.hasAttribute('open')));
        expect(closed).toBeGreaterThanOrEqual(0);
        const details = page.locator('details').nth(closed);
        await details.locator('summary').click();
        await expect(details).toHaveAttribute('open', '');
        if (javaScriptEnabled) {
          const results = await axeOn(page).withTags(AXE_TAGS).analyze();
          expect(
            results.violations.map(
              (v) =>
                `${v.id}: ${v.nodes
                  .map((n) => n.target.join(' '))
                  .slice(0, 3)
                  .join(' | ')}`,
            ),
          ).toEqual([]);
        }
        expect(outside).toEqual([]);
        await context.close();
      }
    });
  }
}

for (const [name, documents] of Object.entries(PRESETS)) {
  test(`SSR in Node: ${name} widget, launcher and sticky bar markup for both audiences`, () => {
    for (const audience of ['member', 'visitor'] as const) {
      const ctx = contextFor(audience);
      const widget = renderSurfaceMarkup({ kind: 'widget', doc: documents.widget }, ctx);
      expect(widget).toContain('role="dialog"');
      expect(widget).toContain(fillPlaceholders(documents.widget.panels.header[audience].title, ctx));
      const launcher = renderSurfaceMarkup({ kind: 'launcher', doc: documents.launcher }, ctx);
      expect(launcher).toMatch(/^<button [^>]*class="ls-root ls-launcher"/);
      expect(launcher).toMatch(/^<button [^>]*type="button"/);
      const bar = renderSurfaceMarkup({ kind: 'sticky_bar', doc: documents.sticky_bar }, ctx);
      expect(bar).toContain(
        fillPlaceholders((audience === 'member' ? documents.sticky_bar.drawer.logged_in : documents.sticky_bar.drawer.logged_out).primary_text, ctx),
      );
    }
  });
}

test('the storefront stylesheet with the preset themes fits 4 KB gzip', () => {
  const gzip = gzipSync(STYLESHEET, { level: 9 }).length;
  console.log(`renderer stylesheet with preset themes: ${STYLESHEET.length} B raw, ${gzip} B gzip (budget 4096 B)`);
  expect(gzip).toBeLessThanOrEqual(4096);
});

test('SSR of the XSS corpus: nothing executes, nothing leaves', async ({ browser }) => {
  for (let round = 0; round < 6; round++) {
    const html = render(poisonDocument(DEMO_DOCUMENTS.landing_page, round), 'member');
    const context = await browser.newContext();
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      if (route.request().url().startsWith(ORIGIN)) return route.fulfill({ body: html, contentType: 'text/html' });
      outside.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${ORIGIN}/landing/demo`);
    await expect(page.locator('[data-section-type]')).toHaveCount(DEMO_DOCUMENTS.landing_page.sections.length);
    expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], XSS_FLAG)).toBeUndefined();
    expect(await page.locator('script').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  }
});

test('the default presets reach 4.5:1 contrast as the renderers draw them', () => {
  const pairs: [string, string, string][] = [];
  for (const theme of THEMES) {
    const tokens = THEME_TOKENS[theme];
    for (const [fg, bg] of THEME_CONTRAST_PAIRS) pairs.push([`${theme} ${fg}/${bg}`, tokens[fg], tokens[bg]]);
    for (const [name, documents] of Object.entries(PRESETS)) {
      const palette = paletteProperties(documents.landing_page.global, tokens);
      const accent = palette['--ls-accent'] ?? tokens.accent;
      pairs.push([`${name} landing ${theme} text`, palette['--ls-text'] ?? tokens.text, tokens.background]);
      pairs.push([`${name} landing ${theme} button`, tokens.accent_text, accent]);
    }
  }
  for (const [name, documents] of Object.entries(PRESETS)) {
    for (const section of documents.landing_page.sections) {
      const { font_color: fg, background_color: bg } = section.style;
      if (fg && bg) pairs.push([`${name} section ${section.id}`, fg, bg]);
    }
    pairs.push([`${name} widget header`, documents.widget.text_color, documents.widget.background_color]);
    for (const device of ['desktop', 'mobile'] as const) {
      const launcher = documents.launcher[device];
      pairs.push([`${name} launcher ${device}`, launcher.text_color, launcher.background_color]);
    }
  }
  const failing = pairs.filter(([, fg, bg]) => contrastRatio(fg, bg) < 4.5).map(([n, fg, bg]) => `${n}: ${fg} on ${bg} = ${contrastRatio(fg, bg).toFixed(2)}`);
  expect(failing).toEqual([]);
  expect(pairs.length).toBeGreaterThan(30);
});
