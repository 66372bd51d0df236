import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../landing/index.ts';
import { launcherView } from '../launcher/view.ts';
import { renderLandingDocument } from '../ssr/index.tsx';
import { stickyBarView } from '../sticky-bar/view.ts';
import { STYLESHEET } from '../theme/index.ts';
import { LOADER_STYLESHEET, PREVIEW_BAR_STYLESHEET, WIDGET_STYLESHEET } from '../theme/stylesheet.ts';
import { landingDoc, launcherDoc, memberCtx, stickyBarDoc, visitorCtx, widgetDoc } from '../testing/fixtures.ts';
import { Widget } from '../widget/index.ts';

const rootOf = (markup: string) => markup.slice(0, markup.indexOf('>') + 1);

describe('right-to-left languages', () => {
  it.each(['ar', 'he', 'ar-EG'])('%s: every surface root says dir="rtl" and its language', (locale) => {
    const ctx = memberCtx({ locale });
    const widget = rootOf(renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={ctx} inline />));
    expect(widget).toContain('dir="rtl"');
    expect(widget).toContain(`lang="${locale}"`);
    expect(rootOf(renderToStaticMarkup(<LandingPage doc={landingDoc()} ctx={ctx} />))).toContain('dir="rtl"');
    const fill = (text: string) => text;
    expect(launcherView(launcherDoc(), ctx, { fill }).attributes).toMatchObject({ dir: 'rtl', lang: locale });
    expect(stickyBarView(stickyBarDoc(), ctx, 'd1', { fill }).wrap).toMatchObject({ dir: 'rtl', lang: locale });
    expect(renderLandingDocument(landingDoc(), ctx, { title: 'x', lang: locale })).toContain(`<html lang="${locale}" dir="rtl">`);
  });

  it('left-to-right languages say so', () => {
    const widget = rootOf(renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={visitorCtx({ locale: 'fr' })} inline />));
    expect(widget).toContain('dir="ltr"');
    expect(widget).toContain('lang="fr"');
  });

  it('the widget speaks Arabic: its chrome is translated, and its back and chevron icons are mirrored', () => {
    const markup = renderToStaticMarkup(<Widget doc={widgetDoc()} ctx={memberCtx({ locale: 'ar' })} panel="reward_points" inline />);
    expect(markup).toContain('aria-label="رجوع"');
    expect(markup).toContain('data-icon="back"');
    expect(STYLESHEET).toMatch(/\[dir=rtl\] :is\(\[data-icon=back\],\[data-icon=chevron\]/);
  });

  it('renderer styles use logical properties only: no physical left or right', () => {
    const physical = /(?:^|[{;\s])(?:(?:margin|padding|border)-(?:left|right)|left|right)\s*:|(?:text-align|float|clear)\s*:\s*(?:left|right)\b/;
    for (const css of [STYLESHEET, LOADER_STYLESHEET, WIDGET_STYLESHEET, PREVIEW_BAR_STYLESHEET]) {
      const rules = css.split('}').filter((rule) => physical.test(rule.slice(rule.indexOf('{'))));
      expect(rules).toEqual([]);
    }
  });
});
